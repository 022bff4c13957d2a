import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { etagOf } from './etags';

/** Netlify answers a listing 1,000 blobs at a time, with a cursor for the next page. */
export const LIST_PAGE_SIZE = 1000;

type ListedBlob = { etag: string; key: string; last_modified: string; size: number };
type ListPage = { blobs: ListedBlob[]; directories: string[]; next_cursor?: string };

/**
 * One page of a store listing, in key order, as Netlify's API answers it: blobs whose key starts
 * with `prefix` and sorts after `cursor` (the last key of the previous page), at most
 * LIST_PAGE_SIZE of them. With `directories`, keys below the next "/" after the prefix are folded
 * into directory names instead (not paged: the app lists only a few directories).
 * Sub-trees that lie wholly before the cursor are skipped unread, and only listed files are
 * stat'ed, so a page costs about what it returns.
 */
export async function listPage(
  root: string,
  prefix: string,
  directories: boolean,
  cursor: string,
): Promise<ListPage> {
  const page: ListPage = { blobs: [], directories: [] };
  const wanted = (key: string) => key.startsWith(prefix) && (!cursor || key > cursor);
  const visit = async (dir: string, dirKey: string): Promise<boolean> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) =>
      e.code === 'ENOENT' ? [] : Promise.reject(e),
    );
    // Sort as full keys sort: a directory "a" holds keys "a/…", which sort after "a-b".
    const named = entries
      .map((e) => ({ entry: e, key: dirKey + e.name + (e.isDirectory() ? '/' : '') }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const { entry, key } of named) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        // Outside the prefix, or wholly before the cursor: nothing below it is listed.
        if (!prefix.startsWith(key.slice(0, prefix.length)) && !key.startsWith(prefix)) continue;
        if (cursor && key < cursor && !cursor.startsWith(key)) continue;
        if (directories && key.startsWith(prefix) && key.length > prefix.length) {
          page.directories.push(key.slice(0, -1));
          continue;
        }
        if (!(await visit(full, key))) return false;
        continue;
      }
      if (!wanted(key)) continue;
      if (!directories && files.length === LIST_PAGE_SIZE) {
        page.next_cursor = files.at(-1)!.key;
        return false;
      }
      files.push({ key, full });
    }
    return true;
  };
  const files: { key: string; full: string }[] = [];
  await visit(root, '');
  // Stat'ed together, so the file system works on many at once.
  const listed = await Promise.all(
    files.map(async ({ key, full }) => {
      // Deleted since the readdir: not part of this list.
      const info = await stat(full, { bigint: true }).catch((e: NodeJS.ErrnoException) =>
        e.code === 'ENOENT' ? null : Promise.reject(e),
      );
      return (
        info && {
          etag: await etagOf(full, info),
          key,
          last_modified: new Date(Number(info.mtimeMs)).toISOString(),
          size: Number(info.size),
        }
      );
    }),
  );
  page.blobs = listed.filter((b) => b !== null);
  return page;
}
