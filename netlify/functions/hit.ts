// POST /api/hit {path, referrer?, ref?} (text/plain or JSON: what navigator.sendBeacon sends)
//      -> 204 (public): counts one page view (files are counted as served: hit-file.ts). Nothing is
//      stored for Sec-GPC: 1, DNT: 1, known robots, or while counting is off; 400 for a path that is
//      not a page of this site. Throttled per client, after the answer.
import { beaconSchema } from '../../src/schemas/analytics';
import { HttpError } from '../../src/server/http/errors';
import { API_SECURITY_HEADERS, parseWith, readBody, route } from '../../src/server/http/http';
import { afterResponse } from '../../src/server/http/invocation';
import { countingOn } from '../../src/server/content/settings-key';
import { storeHit } from '../../src/server/visitors/analytics-hits';
import { countedPath, isSitePath } from '../../src/server/visitors/analytics-paths';
import { notCounted } from '../../src/server/visitors/analytics-visitor';
import { assertBeaconAllowed } from '../../src/server/auth/throttle';

const noContent = () =>
  new Response(null, {
    status: 204,
    headers: { ...API_SECURITY_HEADERS, 'Cache-Control': 'no-store' },
  });

async function readBeacon(req: Request) {
  const type = req.headers.get('content-type') ?? '';
  if (!/^(text\/plain|application\/json)\b/i.test(type))
    throw new HttpError(415, 'Send the beacon as JSON (text/plain or application/json)');
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await readBody(req, 1024)));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'The beacon is not valid JSON');
  }
  return parseWith(beaconSchema, value);
}

export default route({
  async POST(req, ctx) {
    const beacon = await readBeacon(req);
    const path = countedPath(beacon.path);
    if (!isSitePath('view', path))
      throw new HttpError(400, 'This path is not a page of this site', {
        path: 'Not a page of this site',
      });
    if (notCounted(req)) return noContent();
    // The answer does not wait for the throttle or the write: a beacon's answer is never read.
    afterResponse('count a page view', async () => {
      if (!(await countingOn())) return;
      await assertBeaconAllowed(ctx.ip);
      await storeHit({ kind: 'view', path, host: beacon.referrer, ref: beacon.ref });
    });
    return noContent();
  },
});

export const config = { path: '/api/hit' };
