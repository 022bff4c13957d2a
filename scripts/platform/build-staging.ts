// Where the local platform's `astro build` writes a build before it goes live (./builder.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readlink, rm, stat, symlink } from 'node:fs/promises';
import path from 'node:path';

/** The folder of buildsDir that builds are written in (see `stageBuild`). */
const STAGING = '.staging';

/**
 * Where `astro build` writes a build: a fresh folder beside the builds (`<buildsDir>/.staging/`), so
 * the finished build is renamed into place, never copied across file systems, and its pages can be
 * hard-linked into the page cache (also in buildsDir). Astro is handed a path inside the project
 * that links to that folder: Astro writes its pre-render bundle beside the output only when it
 * thinks the output folder is inside the project (a string prefix check against the working
 * directory; otherwise every build would share its fallback `./.astro` folder), and imports the
 * bundle from there. Node resolves the bundle's real path, so the staging folder's parent links
 * the project's node_modules, where the bundle's packages (react, astro) are found.
 */
export async function stageBuild(
  projectRoot: string,
  buildsDir: string,
  id: string,
): Promise<{ stagingDir: string; astroOutDir: string }> {
  const name = `${id}-${randomBytes(4).toString('hex')}`;
  const stagingRoot = path.join(buildsDir, STAGING);
  const stagingDir = path.join(stagingRoot, name);
  await mkdir(stagingDir, { recursive: true });
  await linkOnce(path.join(projectRoot, 'node_modules'), path.join(stagingRoot, 'node_modules'));
  const astroOutDir = path.join(projectRoot, 'node_modules', '.astro', 'local-builds', name);
  await mkdir(path.dirname(astroOutDir), { recursive: true });
  await symlink(stagingDir, astroOutDir, 'dir');
  return { stagingDir, astroOutDir };
}

/** Makes `link` point at `target`, unless it already does. */
async function linkOnce(target: string, link: string): Promise<void> {
  if ((await readlink(link).catch(() => null)) === target) return;
  await rm(link, { force: true });
  await symlink(target, link, 'dir').catch((error: NodeJS.ErrnoException) => {
    // Another build of the same site made it meanwhile.
    if (error.code !== 'EEXIST') throw error;
  });
}

/**
 * Removes what builds left in staging: called once a build has moved out of it, when, one build
 * running at a time, anything still there is a build whose process was stopped half-way. Then the
 * project's links to staging folders that are gone: a build removes its own when it ends, so these
 * are stopped builds' (of any site: each link is made after its folder, so a live one never
 * dangles).
 */
export async function clearStaging(projectRoot: string, buildsDir: string): Promise<void> {
  const staging = path.join(buildsDir, STAGING);
  for (const left of await readdir(staging).catch(() => []))
    if (left !== 'node_modules')
      await rm(path.join(staging, left), { recursive: true, force: true });
  const links = path.join(projectRoot, 'node_modules', '.astro', 'local-builds');
  for (const name of await readdir(links).catch(() => [])) {
    const link = path.join(links, name);
    // stat follows the link: nothing at its end is a stopped build's.
    if (!(await stat(link).catch(() => null))) await rm(link, { force: true });
  }
}
