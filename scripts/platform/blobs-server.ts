import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';

// The stock local Blobs server (a) derives ETags from file mtimes, which repeat for two writes
// inside one clock tick, (b) checks If-Match and then writes without holding a lock, and (c) sends
// no ETag on reads. Netlify's real store has none of these gaps, and the app's etag-guarded merges
// rely on that, so the local platform closes them: content-hash ETags, one operation per key at a
// time, and ETags on reads.
(BlobsServer as unknown as { generateETag: (p: string) => Promise<string> }).generateETag = async (filePath) => {
  try {
    return `"${createHash('sha256').update(await readFile(filePath)).digest('hex')}"`;
  } catch {
    return '';
  }
};

// Writes land whole or not at all: each file is written to a temp file beside it, then renamed
// over it. Temp files start with a dot and readers skip them, so a write cut short (kill -9)
// leaves at most a stray dot file that no list or read ever sees. (The stock server lists every
// file, and a listed key that vanishes mid-list ends the whole list early as if it were empty.)
const isTempFile = (name: string) => name.startsWith('.');

async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

type WalkOptions = {
  directories: boolean;
  path: string;
  prefix: string;
  rootPath: string;
  result: { blobs?: { etag: string; key: string; last_modified: string; size: number }[]; directories?: string[] };
};
const generateETag = (file: string) => (BlobsServer as unknown as { generateETag: (p: string) => Promise<string> }).generateETag(file);

(BlobsServer as unknown as { walk: (o: WalkOptions) => Promise<void> }).walk = async function walk(options) {
  const { directories, prefix, result, rootPath } = options;
  for (const entry of await readdir(options.path)) {
    if (isTempFile(entry)) continue;
    const entryPath = path.join(options.path, entry);
    // Deleted since the readdir: not part of this list.
    const info = await stat(entryPath).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? null : Promise.reject(e)));
    if (!info) continue;
    const key = path.relative(rootPath, entryPath).split(path.sep).join('/');
    if (!prefix.startsWith(key.slice(0, prefix.length))) continue;
    if (!info.isDirectory()) {
      result.blobs?.push({ etag: await generateETag(entryPath), key, last_modified: info.mtime.toISOString(), size: info.size });
    } else if (directories && key.startsWith(prefix)) {
      result.directories?.push(key);
    } else {
      await walk({ ...options, path: entryPath });
    }
  }
};

const METADATA_HEADER = 'x-amz-meta-user';
const decodeMetadata = (header: string | null): Record<string, unknown> =>
  header?.startsWith('b64;') ? JSON.parse(Buffer.from(header.slice(4), 'base64').toString('utf8')) : {};

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

  constructor(options: ConstructorParameters<typeof BlobsServer>[0]) {
    super(options);
    const self = this as unknown as { handleRequest: (req: Request) => Promise<Response> };
    const original = self.handleRequest.bind(this);
    self.handleRequest = (req) => this.guarded(req, original);
    const put = (this as unknown as { put: (req: Request) => Promise<Response> }).put.bind(this);
    (this as unknown as { put: (req: Request) => Promise<Response> }).put = (req) => this.atomicPut(req, put);
  }

  /** The stock put's checks, with data and metadata each written atomically. */
  private async atomicPut(req: Request, stock: (req: Request) => Promise<Response>): Promise<Response> {
    const self = this as unknown as Internals;
    // API-mode requests answer with a signed URL; the write itself comes next.
    if (self.parseAPIRequest(req)) return stock(req);
    const { dataPath, key, metadataPath } = self.getLocalPaths(new URL(req.url ?? '', self.address));
    if (!dataPath || !key || !metadataPath) return new Response(null, { status: 400 });
    const current = await stat(dataPath).then(() => generateETag(dataPath), () => undefined);
    const ifMatch = req.headers.get('if-match');
    if (req.headers.get('if-none-match') === '*' && current !== undefined) return new Response(null, { status: 412 });
    if (ifMatch && ifMatch !== current) return new Response(null, { status: 412 });
    try {
      const metadata = decodeMetadata(req.headers.get(METADATA_HEADER));
      const body = Buffer.from(await req.arrayBuffer());
      await writeAtomically(metadataPath, JSON.stringify(metadata));
      await writeAtomically(dataPath, body);
      return new Response(null, { status: 200, headers: { etag: await generateETag(dataPath) } });
    } catch {
      return new Response(null, { status: 500 });
    }
  }

  private guarded(req: Request, original: (req: Request) => Promise<Response>): Promise<Response> {
    const dataPath = this.pathOf(req);
    if (!dataPath) return original(req);
    return this.exclusive(dataPath, async () => {
      const res = await original(req);
      if (req.method?.toLowerCase() !== 'get' || res.status !== 200 || res.headers.get('etag')) return res;
      const etag = await generateETag(dataPath);
      const headers = new Headers(res.headers);
      if (etag) headers.set('etag', etag);
      return new Response(res.body, { status: res.status, headers });
    });
  }
}
