import autocannon from 'autocannon';

/** Figures of one load run. */
export interface LoadFigures {
  name: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  requests: number;
}

/** Loads one endpoint on loopback for a bounded time (a few seconds) with 10 connections. */
export async function runLoad(
  name: string,
  url: string,
  opts: { method?: 'GET' | 'POST'; body?: () => string; seconds?: number } = {},
): Promise<LoadFigures> {
  let n = 0;
  const result = await autocannon({
    url,
    connections: 10,
    duration: opts.seconds ?? 5,
    method: opts.method ?? 'GET',
    headers: opts.body ? { 'content-type': 'application/json' } : {},
    requests: opts.body ? [{ setupRequest: (req) => ({ ...req, body: opts.body!() }) }] : undefined,
  });
  n = result.requests.total;
  return {
    name,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: n,
  };
}
