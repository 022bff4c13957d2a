/**
 * The build's copies of a keyed collection's records (content/keyed-collection/ `list`), kept in
 * Astro's cache folder between builds (the content-store plugin saves it on Netlify; locally it
 * lives with the builds in DATA_DIR). A build over 10,000 publications otherwise reads 10,000
 * records from the store, one call each, however few of them changed since the build before.
 *
 * Build-only: it reads and writes files, which functions never do.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RecordCache } from '../content/keyed-collection';
import { buildCacheDir } from '../../lib/build-cache-dir';

/** Bump when the file's shape changes: a file of another version is read as empty. */
const VERSION = 1;

type Entry<I> = { sum: string; item: I };

/** The cache of one collection, in `<cacheDir>/records/<name>.json`. */
export function buildRecordCache<I>(name: string): RecordCache<I> {
  const cacheDir = buildCacheDir();
  const file = path.join(cacheDir, 'records', `${name}.json`);
  return {
    async load() {
      const text = await readFile(file, 'utf8').catch(() => '');
      try {
        const data = JSON.parse(text) as { version: number; entries: [string, Entry<I>][] };
        if (data.version === VERSION && Array.isArray(data.entries)) return new Map(data.entries);
      } catch {
        // Missing, cut short or unreadable: the build reads every record, as a first build does.
      }
      return new Map();
    },
    async save(entries) {
      await mkdir(path.dirname(file), { recursive: true });
      // Whole or not at all: a build stopped half-way leaves the cache it started with.
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify({ version: VERSION, entries: [...entries] }));
      await rename(temp, file);
    },
  };
}
