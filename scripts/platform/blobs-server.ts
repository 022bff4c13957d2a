import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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

type Internals = {
  parseAPIRequest(req: { url?: string }): { url: URL } | null;
  getLocalPaths(url: URL): { dataPath?: string; key?: string };
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
  }

  private guarded(req: Request, original: (req: Request) => Promise<Response>): Promise<Response> {
    const dataPath = this.pathOf(req);
    if (!dataPath) return original(req);
    return this.exclusive(dataPath, async () => {
      const res = await original(req);
      if (req.method?.toLowerCase() !== 'get' || res.status !== 200 || res.headers.get('etag')) return res;
      const etag = await (BlobsServer as unknown as { generateETag: (p: string) => Promise<string> }).generateETag(dataPath);
      const headers = new Headers(res.headers);
      if (etag) headers.set('etag', etag);
      return new Response(res.body, { status: res.status, headers });
    });
  }
}
