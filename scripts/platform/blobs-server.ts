import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';

// The stock local Blobs server (a) derives ETags from file mtimes, which repeat for two writes
// inside one clock tick, (b) checks If-Match and then writes without holding a lock, and (c) sends
// no ETag on reads. Netlify's real store has none of these gaps, and the app's etag-guarded merges
// rely on that, so the local platform closes them: content-hash ETags, one operation per key at a
// time, and ETags on reads (with 304 for a matching If-None-Match, as Netlify answers).
//
// Each patch below replaces a private part of BlobsServer as @netlify/blobs PATCHED_FOR ships it,
// and names the upstream report it works around. Private parts change without notice, so another
// installed version stops the platform here, before any request, rather than letting a patch
// silently miss (or half-fit) the code it was written against.
export const PATCHED_FOR = '11.1.1';
/** BlobsServer's private methods these patches replace or call. */
const PATCHED_INTERNALS = [
  'handleRequest',
  'put',
  'listBlobs',
  'parseAPIRequest',
  'getLocalPaths',
] as const;

/** Stops with a clear message unless the installed @netlify/blobs is the one the patches were written for. */
export function assertPatchedBlobsVersion(
  installed: string = createRequire(import.meta.url)('@netlify/blobs/package.json').version,
): void {
  if (installed !== PATCHED_FOR) {
    throw new Error(
      `scripts/platform/blobs-server.ts patches the local Blobs server of @netlify/blobs ${PATCHED_FOR} ` +
        `(generateETag, ${PATCHED_INTERNALS.join(', ')}), but @netlify/blobs ${installed} is installed. ` +
        'Check each patch there against the new version (each names its upstream report: drop the ones the ' +
        'new version fixes), then set PATCHED_FOR to the new version.',
    );
  }
  const methods = BlobsServer.prototype as unknown as Record<string, unknown>;
  const missing: string[] = PATCHED_INTERNALS.filter((name) => typeof methods[name] !== 'function');
  if (typeof (BlobsServer as unknown as Record<string, unknown>).generateETag !== 'function')
    missing.push('generateETag');
  if (missing.length)
    throw new Error(
      `@netlify/blobs ${installed}'s BlobsServer has no ${missing.join(', ')}: the local platform's patches no longer fit it.`,
    );
}
assertPatchedBlobsVersion();

// Hashing is remembered per file and trusted while the file's inode, size and nanosecond mtime are
// unchanged. Every write here renames a new file into place, so a rewrite always changes the inode
// or the mtime; without the memo a listing of 20,000 keys read and hashed 20,000 files.
const etagMemo = new Map<string, { stamp: string; etag: string }>();
const stampOf = (info: { ino: bigint; size: bigint; mtimeNs: bigint }) =>
  `${info.ino}:${info.size}:${info.mtimeNs}`;

type FileStamp = { ino: bigint; size: bigint; mtimeNs: bigint };

/** The content hash of a file whose stat is `info`, hashed only when the file changed since last time. */
async function etagOf(filePath: string, info: FileStamp): Promise<string> {
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
async function remember(filePath: string, data: Buffer): Promise<string> {
  const etag = `"${createHash('sha256').update(data).digest('hex')}"`;
  etagMemo.set(filePath, { stamp: stampOf(await stat(filePath, { bigint: true })), etag });
  return etag;
}

// Patch: content-hash ETags instead of an HMAC of the file's mtime, which two writes within one
// clock tick share (an If-Match write then overwrites a version it never saw). Upstream: local
// ETags that are not the store's were reported in netlify/cli#6902; the same-tick collision itself
// has no upstream report yet.
(BlobsServer as unknown as { generateETag: (p: string) => Promise<string> }).generateETag = async (
  filePath,
) => {
  try {
    return await etagOf(filePath, await stat(filePath, { bigint: true }));
  } catch {
    return '';
  }
};

// Writes land whole or not at all: each file is written to a temp file, then renamed over it.
// Temp files live in their own folder beside the store's entries (the same disk, so the rename
// is atomic), where no key can name a file: a write cut short (kill -9) leaves a stray file that
// no list or read ever sees, and every key, even one starting with a dot, is listed. (Temp files
// beside the entries were once told apart by a leading dot, which hid such keys: a user named
// '.alice' existed but was never listed.)
const TEMP_FOLDER = 'partial-writes';

/**
 * Folders known to exist: a write into one skips its mkdir calls (two per file written, four per
 * put, which were a third of a put's file system work). Should one vanish anyway, the write makes
 * it again and retries.
 */
const madeFolders = new Set<string>();

async function writeAtomically(
  file: string,
  data: Buffer | string,
  tempDir: string,
): Promise<void> {
  const folders = [path.dirname(file), tempDir];
  for (const folder of folders)
    if (!madeFolders.has(folder))
      await mkdir(folder, { recursive: true }).then(() => madeFolders.add(folder));
  const temp = path.join(tempDir, `${randomBytes(12).toString('hex')}.tmp`);
  try {
    await writeFile(temp, data).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await mkdir(tempDir, { recursive: true });
      await writeFile(temp, data);
    });
    await rename(temp, file).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await mkdir(path.dirname(file), { recursive: true });
      await rename(temp, file);
    });
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

const generateETag = (file: string) =>
  (BlobsServer as unknown as { generateETag: (p: string) => Promise<string> }).generateETag(file);

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
async function listPage(
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

const METADATA_HEADER = 'x-amz-meta-user';
const decodeMetadata = (header: string | null): Record<string, unknown> =>
  header?.startsWith('b64;')
    ? JSON.parse(Buffer.from(header.slice(4), 'base64').toString('utf8'))
    : {};

type Internals = {
  parseAPIRequest(req: { url?: string }): { url: URL } | null;
  getLocalPaths(url: URL): { dataPath?: string; key?: string; metadataPath?: string };
  address: string;
};

/** A file-backed Blobs server with atomic conditional writes and read ETags. */
export class LocalBlobsServer extends BlobsServer {
  private locks = new Map<string, Promise<unknown>>();

  private pathOf(req: { url?: string }): string | undefined {
    const self = this as unknown as Internals;
    const url = self.parseAPIRequest(req)?.url ?? new URL(req.url ?? '', self.address);
    const { dataPath, key } = self.getLocalPaths(url);
    return key ? dataPath : undefined;
  }

  private async exclusive<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(key) ?? Promise.resolve();
    const run = previous.catch(() => {}).then(fn);
    this.locks.set(key, run);
    try {
      return await run;
    } finally {
      if (this.locks.get(key) === run) this.locks.delete(key);
    }
  }

  private tempDir: string;

  constructor(options: ConstructorParameters<typeof BlobsServer>[0]) {
    super(options);
    this.tempDir = path.join(options.directory, TEMP_FOLDER);
    // Patch: one operation per key at a time, and ETags (and 304s) on reads. The stock server sends
    // no ETag on GET and ignores If-None-Match: netlify/primitives#772 (open).
    const self = this as unknown as { handleRequest: (req: Request) => Promise<Response> };
    const original = self.handleRequest.bind(this);
    self.handleRequest = (req) => this.guarded(req, original);
    // Patch: the stock put checks If-Match / If-None-Match, then writes the data and (in place) the
    // metadata with nothing held, and its temp files are dot-files beside the entries. Conditional
    // writes came to the local server with netlify/primitives#306; no upstream report of the
    // check-then-write race or of the torn metadata write exists yet.
    const put = (this as unknown as { put: (req: Request) => Promise<Response> }).put.bind(this);
    (this as unknown as { put: (req: Request) => Promise<Response> }).put = (req) =>
      this.atomicPut(req, put);
    // Patch: the stock listing walks and stats the whole store and answers it as one page without
    // a cursor (local list() came with netlify/blobs#83); Netlify pages it LIST_PAGE_SIZE at a time.
    // No upstream report of the missing paging exists yet.
    (
      this as unknown as { listBlobs: (o: { rootPath: string; url: URL }) => Promise<Response> }
    ).listBlobs = async ({ rootPath, url }) => {
      const params = url.searchParams;
      try {
        return Response.json(
          await listPage(
            rootPath,
            params.get('prefix') ?? '',
            params.get('directories') === 'true',
            params.get('cursor') ?? '',
          ),
        );
      } catch {
        return new Response(null, { status: 500 });
      }
    };
  }

  /** The stock put's checks, with data and metadata each written atomically. */
  private async atomicPut(
    req: Request,
    stock: (req: Request) => Promise<Response>,
  ): Promise<Response> {
    const self = this as unknown as Internals;
    // API-mode requests answer with a signed URL; the write itself comes next.
    if (self.parseAPIRequest(req)) return stock(req);
    const { dataPath, key, metadataPath } = self.getLocalPaths(
      new URL(req.url ?? '', self.address),
    );
    if (!dataPath || !key || !metadataPath) return new Response(null, { status: 400 });
    // generateETag answers '' for a key with no file.
    const current = (await generateETag(dataPath)) || undefined;
    const ifMatch = req.headers.get('if-match');
    if (req.headers.get('if-none-match') === '*' && current !== undefined)
      return new Response(null, { status: 412 });
    if (ifMatch && ifMatch !== current) return new Response(null, { status: 412 });
    try {
      const metadata = decodeMetadata(req.headers.get(METADATA_HEADER));
      const body = Buffer.from(await req.arrayBuffer());
      await writeAtomically(metadataPath, JSON.stringify(metadata), this.tempDir);
      await writeAtomically(dataPath, body, this.tempDir);
      return new Response(null, { status: 200, headers: { etag: await remember(dataPath, body) } });
    } catch {
      return new Response(null, { status: 500 });
    }
  }

  private guarded(req: Request, original: (req: Request) => Promise<Response>): Promise<Response> {
    const dataPath = this.pathOf(req);
    if (!dataPath) return original(req);
    return this.exclusive(dataPath, async () => {
      const res = await original(req);
      if (req.method?.toLowerCase() !== 'get' || res.status !== 200 || res.headers.get('etag'))
        return res;
      const etag = await generateETag(dataPath);
      // A reader that holds the current version gets no body (getWithMetadata's `etag` option).
      if (etag && req.headers.get('if-none-match') === etag) {
        await res.body?.cancel();
        return new Response(null, { status: 304, headers: { etag } });
      }
      const headers = new Headers(res.headers);
      if (etag) headers.set('etag', etag);
      return new Response(res.body, { status: res.status, headers });
    });
  }
}
