import { mkdir, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Project root (the folder above scripts/). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** DATA_DIR, default .data in the project. */
export const dataDir = () => path.resolve(PROJECT_ROOT, process.env.DATA_DIR || '.data');

/**
 * A new empty folder under the project's .data/tmp, for a throwaway site's data (tests, benchmarks).
 * Inside the project, so Astro keeps a build's intermediate files inside its output folder; the
 * folder .data/tmp is made first, as nothing has made it on a clean clone.
 */
export async function scratchDir(prefix: string): Promise<string> {
  await mkdir(path.join(PROJECT_ROOT, '.data', 'tmp'), { recursive: true });
  return mkdtemp(path.join(PROJECT_ROOT, '.data', 'tmp', prefix));
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
