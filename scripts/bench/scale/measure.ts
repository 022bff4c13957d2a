// What each endpoint costs: its requests made through a proxy in front of the Blobs server that
// counts every call and the bytes it read and wrote (and, for the second pass over the reads,
// delays each call by LATENCY_MS, as Netlify's round trips would); times per request, the first
// one (cold) apart.
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import type { Platform } from '../../platform';
import { redirectBlobsContext, startBlobsProxy, currentBlobsURL } from '../../platform/blobs-proxy';
import type { Endpoint } from './endpoints';
import { LATENCY_MS, RUNS } from './options';
import type { ScaleRow } from './results';

/** The site measured, and the admin's session cookie for every request but the public ones. */
interface Site {
  platform: Platform;
  cookie: string;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (n: number) => Number(n.toFixed(1));

/** Every endpoint's row, printed as it is measured. */
export async function measureEndpoints(site: Site, endpoints: Endpoint[]): Promise<ScaleRow[]> {
  const rows: ScaleRow[] = [];
  for (const e of endpoints) {
    const runs = e.kind === 'export' ? 3 : e.kind === 'save' || e.kind === 'reorder' ? 10 : RUNS;
    const plain = await measure(site, e, 0, runs);
    const reads = e.kind === 'public' || e.kind === 'admin' || e.kind === 'dashboard';
    const slow = reads ? await measure(site, e, LATENCY_MS, Math.min(runs, 10)) : null;
    rows.push({
      kind: e.kind,
      method: e.method ?? 'GET',
      path: e.kind === 'export' ? `${e.path} ${JSON.stringify(e.body!())}` : e.path,
      status: plain.status,
      p50Ms: plain.p50,
      p95Ms: plain.p95,
      coldMs: plain.coldMs,
      coldBlobCalls: plain.coldCalls,
      coldBlobBytesRead: plain.coldRead,
      bytes: plain.bytes,
      gzipBytes: plain.gzipBytes,
      blobCalls: plain.calls,
      blobBytesRead: plain.read,
      blobBytesWritten: plain.written,
      ...(slow && { latencyP50Ms: slow.p50, latencyP95Ms: slow.p95 }),
    });
    console.log(
      `  ${e.method ?? 'GET'} ${e.path}: ${plain.status}, ${plain.bytes} B (${plain.gzipBytes} gz), p50 ${plain.p50} ms, p95 ${plain.p95} ms, first call ${plain.coldMs} ms (${plain.coldCalls} calls reading ${plain.coldRead} B), ${plain.calls} Blobs calls reading ${plain.read} B, writing ${plain.written} B`,
    );
  }
  return rows;
}

/**
 * An export as the admin's browser makes it: start it, ask until the background run has made
 * it, then fetch every part. Answers every response it got.
 */
async function exportOnce(
  { platform, cookie }: Site,
  request: unknown,
): Promise<{ status: number; body: Buffer }[]> {
  const answers: { status: number; body: Buffer }[] = [];
  const call = async (p: string, body?: unknown) => {
    const res = await fetch(platform.url + p, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
    answers.push(answer);
    return answer;
  };
  const started = await call('/api/admin/exports', request);
  const { id } = JSON.parse(started.body.toString()) as { id: string };
  let job = { status: 'queued', parts: 0 };
  for (let look = 0; look < 100 && job.status !== 'ready' && job.status !== 'failed'; look++) {
    await platform.backgroundIdle();
    job = JSON.parse((await call(`/api/admin/exports/${id}`)).body.toString()) as typeof job;
  }
  if (job.status !== 'ready') answers.push({ status: 500, body: Buffer.from(job.status) });
  for (let n = 1; n <= job.parts; n++) await call(`/api/admin/exports/${id}/parts/${n}`);
  return answers;
}

/** Times `runs` requests through a Blobs proxy with `latencyMs` per call; the first is the cold one. */
async function measure(site: Site, e: Endpoint, latencyMs: number, runs: number) {
  const { platform, cookie } = site;
  const { forgetParsedCopies } = await import('../../../src/server/storage/store');
  const proxy = await startBlobsProxy(currentBlobsURL(), { latencyMs });
  const undo = redirectBlobsContext(proxy.url);
  try {
    const headers: Record<string, string> = e.kind === 'public' ? {} : { cookie };
    let last = { status: 0, bytes: 0, gzipBytes: 0 };
    const once = async () => {
      if (e.kind === 'export') {
        const start = performance.now();
        const answers = await exportOnce(site, e.body!());
        const ms = performance.now() - start;
        // The largest answer of the export is what the response budget checks.
        const largest = answers.reduce((a, b) => (b.body.length > a.body.length ? b : a));
        last = {
          status: answers.find((a) => a.status >= 300)?.status ?? 200,
          bytes: largest.body.length,
          gzipBytes: gzipSync(largest.body).length,
        };
        return ms;
      }
      if (e.kind === 'public') platform.cdn.purge();
      const body = e.body && JSON.stringify(e.body());
      const start = performance.now();
      const res = await fetch(platform.url + e.path, {
        method: e.method ?? 'GET',
        headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
        body,
      });
      const answer = Buffer.from(await res.arrayBuffer());
      const ms = performance.now() - start;
      last = { status: res.status, bytes: answer.length, gzipBytes: gzipSync(answer).length };
      return ms;
    };
    // The first call finds nothing parsed, as a new function instance would.
    forgetParsedCopies();
    const coldMs = await once();
    const first = {
      calls: proxy.calls.length,
      read: proxy.sizes.reduce((n, s) => n + s.received, 0),
    };
    proxy.reset();
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) ms.push(await once());
    ms.sort((a, b) => a - b);
    const sum = (f: (s: { sent: number; received: number }) => number) =>
      Math.round(proxy.sizes.reduce((n, s) => n + f(s), 0) / runs);
    return {
      ...last,
      coldMs: round(coldMs),
      coldCalls: first.calls,
      coldRead: first.read,
      p50: round(quantile(ms, 0.5)),
      p95: round(quantile(ms, 0.95)),
      calls: round(proxy.calls.length / runs),
      read: sum((s) => s.received),
      written: sum((s) => s.sent),
    };
  } finally {
    undo();
    await proxy.close();
  }
}
