/**
 * The records that passed the build's render check (publishing/publish-report.ts), kept in Astro's
 * cache folder for the next build. The check makes every output of a record once (a publication's
 * citations and JSON-LD, an event's calendar file) so that none can fail the build, and at 10,000
 * publications and 1,000 events it took over a second of the build's one thread, however few
 * records changed. A record whose check input is as it was, built by the same code (the page
 * cache's fingerprint: the sources, the lockfile, the configuration and the site's address), passes
 * as it did; any other is checked again.
 *
 * Build-only: it reads and writes files, which functions never do. Outside a build with the page
 * cache (`astro dev`) every record is checked.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildFingerprint, contentHash } from '../../integrations/page-cache';
import { buildCacheDir } from '../../lib/build-cache-dir';
import type { RenderCheckMemo } from '../publishing/publish-report';

/** Bump when what a key covers changes. */
const VERSION = 1;

/**
 * The memo of one kind's checks. `inputOf` is everything the check reads of a record besides the
 * code: the record itself, and for an event what follows the build's clock. It may throw for a
 * record the check would refuse; that record is then checked, and refused, as before.
 */
export async function renderCheckMemo<T>(
  kind: string,
  inputOf: (item: T) => unknown,
): Promise<RenderCheckMemo<T>> {
  const fingerprint = await buildFingerprint();
  const file = buildCacheDir('render-checks', `${kind}.json`);
  const before = new Set<string>();
  if (fingerprint) {
    try {
      const keys: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (Array.isArray(keys)) for (const k of keys) if (typeof k === 'string') before.add(k);
    } catch {
      // None yet, or unreadable: every record is checked, as in a first build.
    }
  }
  const passes = new Set<string>();
  const keyOf = (item: T): string | null => {
    try {
      return contentHash(VERSION, fingerprint, inputOf(item));
    } catch {
      return null;
    }
  };
  return {
    passed(item) {
      if (!fingerprint) return false;
      const key = keyOf(item);
      if (key === null || !before.has(key)) return false;
      passes.add(key);
      return true;
    },
    pass(item) {
      const key = fingerprint ? keyOf(item) : null;
      if (key !== null) passes.add(key);
    },
    async save() {
      if (!fingerprint) return;
      await mkdir(path.dirname(file), { recursive: true });
      // Whole or not at all: a build stopped half-way leaves the memo it started with.
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify([...passes]));
      await rename(temp, file);
    },
  };
}
