import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through proxy in front of a Blobs server that sees every call the Blobs client makes
 * (each one HTTP request here, as it is one round trip on Netlify). It records them, can add a
 * fixed delay to each (to show locally what Netlify's network round trips would cost) or a delay of
 * its own per call (round trips that vary, so simultaneous requests finish out of order), and can
 * refuse writes as a build's read-only Blobs context does.
 */
export async function startBlobsProxy(
  target: string,
  opts: {
    /**
     * A delay for every call, or one of its own per call, decided by the call ("METHOD
     * /site/store/key"): milliseconds, or a promise the call waits for (a test holding it).
     */
    latencyMs?: number | ((call: string) => number | Promise<unknown>);
  } = {},
) {
  const calls: string[] = [];
  /** The status each call was answered with, by the call's index (0 until answered). */
  const statuses: number[] = [];
  /** The bytes of each call's request and answer bodies, by the call's index. */
  const sizes: { sent: number; received: number }[] = [];
  let refuseWrites = false;
  /** Refuses the writes it answers true for, by their call ("METHOD /site/store/key"). */
  let refuseWrite: ((call: string) => boolean) | null = null;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    const path = req.url ?? '/';
    const index =
      calls.push(
        `${req.method} ${decodeURIComponent(path.split('?')[0]!)}${path.includes('?') ? ' (list)' : ''}`,
      ) - 1;
    statuses[index] = 0;
    // Its own object: a reset while the call is in flight must not lose its answer's size.
    const size = { sent: chunks.reduce((n, c) => n + c.length, 0), received: 0 };
    sizes[index] = size;
    const latency =
      typeof opts.latencyMs === 'function' ? opts.latencyMs(calls[index]!) : opts.latencyMs;
    if (typeof latency === 'object') await latency;
    else if (latency) await new Promise((r) => setTimeout(r, latency));
    const writing = req.method !== 'GET' && req.method !== 'HEAD';
    if (writing && (refuseWrites || refuseWrite?.(calls[index]!))) {
      statuses[index] = 403;
      return void res.writeHead(403).end('refused');
    }
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined && k !== 'host' && k !== 'connection')
        headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    const body =
      chunks.length && req.method !== 'GET' && req.method !== 'HEAD'
        ? Buffer.concat(chunks)
        : undefined;
    const answer = await fetch(`${target}${path}`, { method: req.method, headers, body });
    const out: Record<string, string> = {};
    answer.headers.forEach((v, k) => {
      if (k !== 'content-encoding' && k !== 'transfer-encoding' && k !== 'content-length')
        out[k] = v;
    });
    statuses[index] = answer.status;
    const received = Buffer.from(await answer.arrayBuffer());
    size.received = received.length;
    res.writeHead(answer.status, out).end(received);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Every call since the start or the last reset, as "METHOD /site/store/key" (" (list)" for listings with parameters). */
    calls: calls as readonly string[],
    /** The status each of `calls` was answered with (0 while unanswered). */
    statuses: statuses as readonly number[],
    /** The bytes sent and received by each of `calls` (bodies only: what a function writes and reads). */
    sizes: sizes as readonly { sent: number; received: number }[],
    set refuseWrites(on: boolean) {
      refuseWrites = on;
    },
    /** While set, the writes it answers true for are refused with 403 (a store failing mid-change). */
    set refuseWrite(when: ((call: string) => boolean) | null) {
      refuseWrite = when;
    },
    reset() {
      calls.length = 0;
      statuses.length = 0;
      sizes.length = 0;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Points this process's Blobs context (read by @netlify/blobs on every getStore()) at `url`; returns the undo. */
export function redirectBlobsContext(url: string): () => void {
  const original = process.env.NETLIFY_BLOBS_CONTEXT;
  if (!original) throw new Error('Start the platform before redirecting its Blobs calls');
  const context = JSON.parse(Buffer.from(original, 'base64').toString('utf8'));
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({ ...context, edgeURL: url, uncachedEdgeURL: url }),
  ).toString('base64');
  return () => {
    process.env.NETLIFY_BLOBS_CONTEXT = original;
  };
}

/** The Blobs server this process's context points at now. */
export function currentBlobsURL(): string {
  const context = process.env.NETLIFY_BLOBS_CONTEXT;
  if (!context) throw new Error('No Blobs context in this process');
  return (JSON.parse(Buffer.from(context, 'base64').toString('utf8')) as { edgeURL: string })
    .edgeURL;
}
