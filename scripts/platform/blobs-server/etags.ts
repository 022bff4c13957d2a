import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

// Hashing is remembered per file and trusted while the file's inode, size and nanosecond mtime are
// unchanged. Every write here renames a new file into place, so a rewrite always changes the inode
// or the mtime; without the memo a listing of 20,000 keys read and hashed 20,000 files.
const etagMemo = new Map<string, { stamp: string; etag: string }>();
const stampOf = (info: { ino: bigint; size: bigint; mtimeNs: bigint }) =>
  `${info.ino}:${info.size}:${info.mtimeNs}`;

type FileStamp = { ino: bigint; size: bigint; mtimeNs: bigint };

/** The content hash of a file whose stat is `info`, hashed only when the file changed since last time. */
export async function etagOf(filePath: string, info: FileStamp): Promise<string> {
  const stamp = stampOf(info);
  const known = etagMemo.get(filePath);
  if (known?.stamp === stamp) return known.etag;
  const etag = `"${createHash('sha256')
    .update(await readFile(filePath))
    .digest('hex')}"`;
  // Only remember the hash if the file did not change while it was read.
  if (stampOf(await stat(filePath, { bigint: true })) === stamp)
    etagMemo.set(filePath, { stamp, etag });
  return etag;
}

/**
 * The ETag of a file just written with `data`, hashed from the bytes in hand rather than read back.
 * Only the put that wrote it calls this, holding the key's lock, so the file is still `data`.
 */
export async function remember(filePath: string, data: Buffer): Promise<string> {
  const etag = `"${createHash('sha256').update(data).digest('hex')}"`;
  etagMemo.set(filePath, { stamp: stampOf(await stat(filePath, { bigint: true })), etag });
  return etag;
}
