import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Project root (the folder above scripts/). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** DATA_DIR, default .data in the project. */
export const dataDir = () => path.resolve(PROJECT_ROOT, process.env.DATA_DIR || '.data');

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
