import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientIp, functionRequest, type FnHandler, type FunctionCallDeps } from './function-call';
import { readCappedBody, TOO_LARGE } from './request-body';
import { invocationWork } from './wait-until';

/** Netlify stops a background function after 15 minutes. */
export const BACKGROUND_LIMIT_MS = 15 * 60_000;
/** Netlify takes at most 256 KB of request body for a background function. */
export const BACKGROUND_BODY_LIMIT_BYTES = 256 * 1024;

/**
 * One background function invocation as Netlify makes it: the caller gets an empty 202 as soon as
 * the request is read, before the handler starts, and never sees what the handler answers; the
 * handler then runs on (its work counted among the platform's background work). A run past
 * Netlify's 15 minutes is reported, since Netlify would have stopped it there. Netlify retries a
 * failed run after one and three minutes; this platform does not, so code that needs a run to
 * happen again (the newsletter sender) must arrange it itself, as it must on Netlify anyway.
 */
export async function callBackgroundFunction(
  req: IncomingMessage,
  res: ServerResponse,
  reqUrl: URL,
  handler: FnHandler,
  params: Record<string, string>,
  deps: FunctionCallDeps,
): Promise<void> {
  const payload = await readCappedBody(req);
  if (payload === TOO_LARGE || payload.length > BACKGROUND_BODY_LIMIT_BYTES) {
    res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
    res.end(JSON.stringify({ message: 'A background function takes at most 256 KB of body' }));
    return;
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = functionRequest(
    req,
    reqUrl,
    deps.origin(req),
    hasBody && payload.length ? payload : undefined,
  );
  const ip = clientIp(req);
  res.writeHead(202, { 'Content-Length': '0' });
  res.end();
  const name = reqUrl.pathname;
  const work = invocationWork(deps.log);
  const started = Date.now();
  const run = (async () => {
    try {
      const answer = await handler(request, {
        params,
        ip,
        requestId: randomUUID(),
        waitUntil: work.waitUntil,
      });
      if (!answer.ok) deps.log(`background function ${name} answered ${answer.status}`);
    } catch (error) {
      deps.log(
        `background function ${name} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    await work.settled();
    if (Date.now() - started > BACKGROUND_LIMIT_MS)
      deps.log(`background function ${name} ran past Netlify's 15-minute limit`);
  })();
  deps.background.track(run);
}
