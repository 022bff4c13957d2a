/**
 * Pages that have not changed since the last build are not rendered again: a build with 10,000
 * publications would otherwise spend most of its time writing the same 20,000 files (each
 * publication's page and its .ris) that the build before wrote.
 *
 * A route opts in from its getStaticPaths through `pagesToRender`: each of its files gets a key, a
 * hash of everything the file is made of (the record, the site-wide content the page shows, and the
 * site's code and configuration: `codeFingerprint`). A file whose key is in the cache is left out
 * of the paths Astro renders and copied from the cache when the build is done; the others are
 * rendered, then copied into the cache. The cache lives in Astro's cache folder (ASTRO_CACHE_DIR),
 * which survives between builds (the content-store plugin saves it on Netlify; locally it lives in
 * DATA_DIR), and keeps only what the last build used.
 *
 * The route and the integration run in separate module graphs (the route in Astro's pre-render
 * bundle), so they share only files: the integration writes the build's fingerprint when the build
 * starts, each route writes its plan (which files it left to the cache), and the integration
 * carries the plans out when the build is done. With no fingerprint (`astro dev`, or a build
 * without this integration) every page is rendered.
 */
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { buildCacheDir } from '../lib/build-cache-dir';
import { eachLimited } from './each-limited';

/** Bump when the way keys are made changes. */
const VERSION = 3;

/** One file a route builds: where it lands in the output and the hash of what it is made of. */
export interface CachedFile {
  /** Path inside the output folder, e.g. 'publications/<slug>/index.html'. */
  file: string;
  key: string;
}
interface Plan {
  fingerprint: string;
  files: (CachedFile & { cached: boolean })[];
}

const cacheRoot = (cacheDir: string) => path.join(cacheDir, 'pages');
const fingerprintFile = (cacheDir: string) => path.join(cacheRoot(cacheDir), 'fingerprint');
const plansDir = (cacheDir: string) => path.join(cacheRoot(cacheDir), 'plans');
const storeDir = (cacheDir: string, route: string) =>
  path.join(cacheRoot(cacheDir), 'files', route);

/** A hash of any JSON value (a page's key, or the site-wide part of many keys). */
export const contentHash = (...parts: unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 40);

const recordHashes = new WeakMap<object, string>();
/**
 * A record's content hash, worked out once per build however many keys name it: a publication
 * (body and all) is part of its page's key, its .ris file's and a page of each archive list it is
 * on, and writing it out as JSON for each of those cost seconds across 10,000 publications. The
 * records a build loads are never changed in place.
 *
 * Its place in the admin's order (`order`) is left out: a build numbers every record by its place,
 * so one publication added or moved to the top renumbers all the others, and their pages, which
 * do not show it, would all render again. A list's key has its records in the order it shows them.
 */
export function recordHash(record: object): string {
  let hash = recordHashes.get(record);
  if (hash === undefined)
    recordHashes.set(record, (hash = contentHash({ ...record, order: undefined })));
  return hash;
}

/** Writes a file whole (to a temporary name, then renamed in), so a cut-short write never looks complete. */
async function writeWhole(file: string, data: string | Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

/**
 * Puts a file at `to` that is `from`: a hard link (one call, no bytes copied: a build restores and
 * keeps thousands of files, and neither side is ever changed in place, only replaced or removed),
 * or a copy when the two folders are on different disks. A copy goes to a temporary name first,
 * so a cut-short copy never looks complete.
 */
async function place(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    const temp = `${to}.${process.pid}.tmp`;
    await copyFile(from, temp);
    await rename(temp, to);
  }
}

/**
 * The running build's code fingerprint (see `codeFingerprint`), or '' where there is none
 * (`astro dev`, a build without this integration): then nothing may be taken from a cache.
 */
export async function buildFingerprint(): Promise<string> {
  if (import.meta.env.DEV) return '';
  return (await readFile(fingerprintFile(buildCacheDir()), 'utf8').catch(() => '')).trim();
}

/**
 * For a route's getStaticPaths: which of `items` to render. Items whose file (`fileOf`) is in the
 * cache under its key (`keyOf`, hashed with this build's fingerprint) are left out and restored
 * when the build is done. `route` names the route's part of the cache.
 */
export async function pagesToRender<T>(
  route: string,
  items: readonly T[],
  fileOf: (item: T) => string,
  keyOf: (item: T) => unknown,
): Promise<T[]> {
  const fingerprint = await buildFingerprint();
  if (!fingerprint) return [...items];
  const cacheDir = buildCacheDir();
  const stored = new Set(await readdir(storeDir(cacheDir, route)).catch(() => []));
  const render: T[] = [];
  const files = items.map((item) => {
    const key = contentHash(VERSION, fingerprint, keyOf(item));
    const cached = stored.has(key);
    if (!cached) render.push(item);
    return { file: fileOf(item), key, cached };
  });
  await writeWhole(
    path.join(plansDir(cacheDir), `${route}.json`),
    JSON.stringify({ fingerprint, files } satisfies Plan),
  );
  return render;
}

/** A file this build's routes planned: its key, and where the cache holds it if it is not rendered. */
export interface PlannedFile {
  key: string;
  /** The cache's copy, which the page cache puts in the output once this build is done; null if rendered. */
  cached: string | null;
}

/**
 * The files the running build's routes planned (output path → its key and, for one left to the
 * cache, the cache's copy), read before the page cache puts anything back: an integration that
 * runs beside the restore knows each file by its key, and reads an unchanged one from the cache.
 * Empty without the cache (`astro dev`).
 */
export async function plannedFiles(cacheDir: string): Promise<Map<string, PlannedFile>> {
  const planned = new Map<string, PlannedFile>();
  for (const name of await readdir(plansDir(cacheDir)).catch(() => [])) {
    const route = path.basename(name, '.json');
    const plan = JSON.parse(await readFile(path.join(plansDir(cacheDir), name), 'utf8')) as Plan;
    for (const { file, key, cached } of plan.files)
      planned.set(file, { key, cached: cached ? path.join(storeDir(cacheDir, route), key) : null });
  }
  return planned;
}

/** Every file under `dir` (relative paths, sorted). */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/**
 * What every cached page was made with besides its own content: the site's source, its public
 * files and its pinned dependencies (the lockfile), the Astro and Tailwind configuration, and the
 * environment the pages read (the site's address, PUBLIC_* variables). Not the build's clock (a
 * test's injected BUILD_CLOCK_MS): a real build's time is never part of it, so whatever a cached
 * page shows that follows the clock (an event's call to action) must be in that page's own key,
 * and a test that moves the clock must find it there, as a real build would.
 */
async function codeFingerprint(root: string): Promise<string> {
  const hash = createHash('sha256');
  // public/ too: pages read its files (a figure's pixel size comes from its image there).
  for (const dir of ['src', 'public']) {
    for (const file of await listFiles(path.join(root, dir))) {
      hash
        .update(`${dir}/${file}\0`)
        .update(await readFile(path.join(root, dir, file)))
        .update('\0');
    }
  }
  for (const file of [
    'package-lock.json',
    'astro.config.mjs',
    'tailwind.config.mjs',
    'tsconfig.json',
  ]) {
    hash
      .update(`${file}\0`)
      .update(await readFile(path.join(root, file)).catch(() => Buffer.alloc(0)))
      .update('\0');
  }
  const env = Object.entries(process.env)
    .filter(([name]) => name.startsWith('PUBLIC_') || name === 'URL')
    .sort(([a], [b]) => a.localeCompare(b));
  return hash.update(JSON.stringify(env)).digest('hex');
}

/** The integration: writes the fingerprint when a build starts, restores and stores pages when it is done. */
export default function pageCache(): AstroIntegration {
  let root = process.cwd();
  let cacheDir = '';
  return {
    name: 'page-cache',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:start': async () => {
        // Plans of an earlier build that stopped half-way must never restore pages into this one.
        await rm(plansDir(cacheDir), { recursive: true, force: true });
        await writeWhole(fingerprintFile(cacheDir), await codeFingerprint(root));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        try {
          for (const name of await readdir(plansDir(cacheDir)).catch(() => [])) {
            const route = path.basename(name, '.json');
            const plan = JSON.parse(
              await readFile(path.join(plansDir(cacheDir), name), 'utf8'),
            ) as Plan;
            const store = storeDir(cacheDir, route);
            await mkdir(store, { recursive: true });
            let restored = 0;
            let kept = 0;
            await eachLimited(plan.files, 16, async ({ file, key, cached }) => {
              const target = path.join(out, file);
              if (cached) {
                // A page left to the cache that cannot be restored would be missing from the site: fail the build.
                await mkdir(path.dirname(target), { recursive: true });
                await place(path.join(store, key), target);
                restored++;
              } else {
                // A page Astro wrote elsewhere (or not at all) is simply rendered again next time.
                const written = await place(target, path.join(store, key)).then(
                  () => true,
                  () => false,
                );
                if (written) kept++;
              }
            });
            // Only what this build used stays: the cache does not grow with every edit.
            const used = new Set(plan.files.map((f) => f.key));
            for (const stale of (await readdir(store)).filter((f) => !used.has(f)))
              await rm(path.join(store, stale), { force: true });
            logger.info(
              `${route}: ${restored} unchanged files from the cache, ${kept} rendered and cached`,
            );
          }
        } finally {
          await rm(plansDir(cacheDir), { recursive: true, force: true });
          await rm(fingerprintFile(cacheDir), { force: true });
        }
      },
    },
  };
}
