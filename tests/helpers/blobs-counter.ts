import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Counts the Blobs calls the functions make: a pass-through proxy in front of the platform's local
 * Blobs server, swapped into NETLIFY_BLOBS_CONTEXT (read by @netlify/blobs on every getStore()).
 * Each call the Blobs client makes is one HTTP request here, as it is one round trip on Netlify.
 */
export async function countBlobCalls() {
  const original = process.env.NETLIFY_BLOBS_CONTEXT;
  if (!original) throw new Error('Start the test site before counting Blobs calls');
  const context = JSON.parse(Buffer.from(original, 'base64').toString('utf8')) as { edgeURL: string; uncachedEdgeURL?: string };
  const target = context.edgeURL;
  const calls: string[] = [];
  let refuseWrites = false;

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const path = req.url ?? '/';
    calls.push(`${req.method} ${decodeURIComponent(path.split('?')[0]!)}${path.includes('?') ? ' (list)' : ''}`);
    // A read-only store, as a build's Blobs context is: every write refused.
    if (refuseWrites && req.method !== 'GET' && req.method !== 'HEAD') return void res.writeHead(403).end('refused');
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && k !== 'host' && k !== 'connection') headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    const body = chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
    const answer = await fetch(`${target}${path}`, { method: req.method, headers, body });
    const out: Record<string, string> = {};
    answer.headers.forEach((v, k) => {
      if (k !== 'content-encoding' && k !== 'transfer-encoding' && k !== 'content-length') out[k] = v;
    });
    res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxy = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({ ...context, edgeURL: proxy, uncachedEdgeURL: proxy })).toString('base64');

  return {
    /** Every call since the start or the last reset, as "METHOD /site/store/key". */
    get calls(): readonly string[] {
      return calls;
    },
    /** While true, every write is refused with 403 (reads pass). */
    set refuseWrites(on: boolean) {
      refuseWrites = on;
    },
    reset() {
      calls.length = 0;
    },
    /** Runs `fn` and answers how many Blobs calls it made (with the calls, for failure messages). */
    async during<T>(fn: () => Promise<T>): Promise<{ result: T; count: number; calls: string[] }> {
      const start = calls.length;
      const result = await fn();
      const made = calls.slice(start);
      return { result, count: made.length, calls: made };
    },
    async close() {
      process.env.NETLIFY_BLOBS_CONTEXT = original;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
