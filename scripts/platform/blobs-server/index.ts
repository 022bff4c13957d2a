import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { TEMP_FOLDER, writeAtomically } from './atomic-writes';
import { etagOf, remember } from './etags';
import { listPage } from './listing';

export { LIST_PAGE_SIZE } from './listing';

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
      `scripts/platform/blobs-server/ patches the local Blobs server of @netlify/blobs ${PATCHED_FOR} ` +
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

// This file holds the version guard, the patches and the server they make; the parts they work
// from sit beside it: etags.ts (content-hash ETags, remembered per file), atomic-writes.ts (writes
// through a temp folder, renamed into place) and listing.ts (a listing paged as Netlify pages it).

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

const generateETag = (file: string) =>
  (BlobsServer as unknown as { generateETag: (p: string) => Promise<string> }).generateETag(file);

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
