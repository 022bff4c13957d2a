import { mkdir, mkdtemp, readdir, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Project root (the folder above scripts/). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** DATA_DIR, default .data in the project. */
export const dataDir = () => path.resolve(PROJECT_ROOT, process.env.DATA_DIR || '.data');

/**
 * A new empty folder under the project's .data/tmp, for a throwaway site's data (tests, benchmarks);
 * the folder .data/tmp is made first, as nothing has made it on a clean clone.
 *
 * With `inMemory` (the test sites), the folder is in the machine's shared-memory file system
 * instead, when it is one with room. The local Blobs store writes each blob to a new file and
 * renames it over the old one, so a test's thousands of writes free as many inodes within
 * seconds; ext4 without a journal passes over every recently freed inode of a block group before
 * it hands out a new one, and that kernel time grew with every write. In memory a write costs the
 * same however many came before, and so do the builds, which the platform writes beside the folder's
 * other builds (scripts/platform/builder.ts, `stageBuild`).
 */
export async function scratchDir(
  prefix: string,
  opts: { inMemory?: boolean } = {},
): Promise<string> {
  const memory = opts.inMemory ? await memoryFolder() : undefined;
  if (memory) {
    await (swept ??= sweepAbandonedScratch(memory));
    return mkdtemp(path.join(memory, `meridian-${prefix}p${process.pid}-`));
  }
  await mkdir(path.join(PROJECT_ROOT, '.data', 'tmp'), { recursive: true });
  return mkdtemp(path.join(PROJECT_ROOT, '.data', 'tmp', prefix));
}

let swept: Promise<void> | undefined;

/**
 * Removes the in-memory folders of processes that are gone. A test run that is stopped half-way
 * (kill -9, a crash) never removes its sites' folders, and memory holds them until the machine
 * restarts. Each folder names the process that made it (`-p<pid>-`); one whose process no longer
 * exists is removed, one of a live process (this run's, or another checkout's running beside it)
 * is kept. Folders that earlier versions named without a process are removed once untouched for
 * a day, longer than any run; any other folder is kept.
 */
export async function sweepAbandonedScratch(folder: string): Promise<void> {
  const now = Date.now();
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: it exists, under another user.
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  const untouchedForADay = async (at: string) =>
    now - ((await stat(at).catch(() => null))?.mtimeMs ?? now) > 24 * 60 * 60_000;
  for (const name of await readdir(folder).catch(() => [])) {
    if (!/^meridian-.*-[A-Za-z0-9]{6}$/.test(name)) continue;
    const at = path.join(folder, name);
    const pid = /-p(\d+)-[A-Za-z0-9]{6}$/.exec(name)?.[1];
    if (pid ? !alive(Number(pid)) : await untouchedForADay(at))
      await rm(at, { recursive: true, force: true });
  }
}

/**
 * Linux's shared-memory folder, when it is a tmpfs with room for a few test sites: a container may
 * give it only 64 MB.
 */
const SHARED_MEMORY = '/dev/shm';
const TMPFS_MAGIC = 0x01021994;
const MEMORY_ROOM = 2 * 1024 ** 3;
async function memoryFolder(): Promise<string | undefined> {
  const fs = await statfs(SHARED_MEMORY).catch(() => undefined);
  if (!fs || fs.type !== TMPFS_MAGIC || fs.bavail * fs.bsize < MEMORY_ROOM) return undefined;
  return SHARED_MEMORY;
}

/** Reads `--name value` and `--flag` arguments. */
export function args(argv = process.argv.slice(2)): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      out[a.slice(2)] = next;
      i++;
    } else out[a.slice(2)] = true;
  }
  return out;
}
