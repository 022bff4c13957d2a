/** File moves the build integrations share: the page cache's and the search index's. */
import { copyFile, link, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';

/**
 * Puts a file at `to` that is `from`: a hard link (one call, no bytes copied: a build restores and
 * keeps thousands of files, and neither side is ever changed in place, only replaced or removed),
 * or a copy when the two folders are on different disks. A copy goes to a temporary name first,
 * so a cut-short copy never looks complete. With `makeDir`, the folder of `to` is made first.
 */
export async function place(from: string, to: string, makeDir = false): Promise<void> {
  if (makeDir) await mkdir(path.dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    const temp = `${to}.${process.pid}.tmp`;
    await copyFile(from, temp);
    await rename(temp, to);
  }
}

/** Runs `fn` over `items`, `limit` at a time. */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}
