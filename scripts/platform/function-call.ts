import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalCdnCache } from './cdn-cache';
import type { FnInvocation } from './functions';
import { FUNCTION_METHODS } from './http-server';
import { PAYLOAD_TOO_LARGE, readCappedBody, TOO_LARGE } from './request-body';
import { invocationWork, type BackgroundWork } from './wait-until';

export type FnHandler = (req: Request, ctx: FnInvocation) => Promise<Response>;

export interface FunctionCallDeps {
  /** The origin the function sees in `req.url` (see visitedOrigin). */
  origin: (req: IncomingMessage) => string;
  cdn: LocalCdnCache;
  background: BackgroundWork;
  log: (line: string) => void;
}

/** The fetch Request a function receives for an incoming request and its (already read) body. */
export function functionRequest(
  req: IncomingMessage,
  reqUrl: URL,
  origin: string,
  payload: Buffer | undefined,
): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
  }
  return new Request(new URL(reqUrl.pathname + reqUrl.search, origin), {
    method: req.method,
    headers,
    body: payload ? new Uint8Array(payload) : undefined,
  });
}

/** The caller's address as a function sees it. */
export const clientIp = (req: IncomingMessage) =>
  (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');

/**
 * One function invocation as Netlify makes it: the whole request (capped) as a fetch Request,
 * the answer kept by the CDN cache when it says so, then written back; work handed to
 * `waitUntil` outlives the answer.
 */
export async function callFunction(
  req: IncomingMessage,
  res: ServerResponse,
  reqUrl: URL,
  handler: FnHandler,
  params: Record<string, string>,
  deps: FunctionCallDeps,
): Promise<void> {
  // TRACE cannot reach a function (fetch's Request refuses it; Node's parser already refuses
  // TRACK): the platform turns it away itself, as a method the route does not take, not a 500.
  if (req.method === 'TRACE') {
    req.resume();
    res.writeHead(405, {
      'Content-Type': 'application/json; charset=utf-8',
      'X-Content-Type-Options': 'nosniff',
      Allow: FUNCTION_METHODS,
    });
    res.end(JSON.stringify({ message: `Method ${req.method} is not allowed here` }));
    return;
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // Netlify hands a function its whole request at once and refuses one over its cap before the
  // function runs; so does this (reading it all also spares Node's stream bridge, nodejs#54205).
  const payload = hasBody ? await readCappedBody(req) : undefined;
  if (payload === TOO_LARGE) {
    res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
    res.end(JSON.stringify({ message: PAYLOAD_TOO_LARGE }));
    return;
  }
  const request = functionRequest(req, reqUrl, deps.origin(req), payload);
  const ip = clientIp(req);
  const work = invocationWork(deps.log);
  let answer: Response;
  try {
    answer = await handler(request, {
      params,
      ip,
      requestId: randomUUID(),
      waitUntil: work.waitUntil,
    });
  } finally {
    // As on Netlify, the invocation lasts until its handed-over work settles, after the answer is sent.
    deps.background.track(work.settled());
  }
  await writeResponse(res, await deps.cdn.keep(request.method, reqUrl, answer), req.method);
}

/** Writes a fetch Response as the answer to a Node request (no body for HEAD). */
export async function writeResponse(
  res: ServerResponse,
  response: Response,
  method: string | undefined,
): Promise<void> {
  const out: Record<string, string | string[]> = {};
  response.headers.forEach((v, k) => {
    if (k !== 'set-cookie') out[k] = v;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) out['set-cookie'] = cookies;
  res.writeHead(response.status, out);
  if (!response.body || method === 'HEAD') {
    res.end();
    return;
  }
  res.end(Buffer.from(await response.arrayBuffer()));
}
