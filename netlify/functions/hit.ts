// POST /api/hit {path, referrer?, ref?} (text/plain or JSON: what navigator.sendBeacon sends)
//      -> 204 (public): counts one page view (files are counted as served: hit-file.ts). Nothing is
//      stored for Sec-GPC: 1, DNT: 1, known robots, or while counting is off; 400 for a path that is
//      not a page of this site. Throttled per client, after the answer.
import { beaconSchema } from '../../src/schemas/analytics';
import { HttpError } from '../../src/server/http/errors';
import { parseWith, readBody, route } from '../../src/server/http/http';
import { countedPath, isSitePage } from '../../src/server/visitors/analytics-paths';
import { countVisit } from '../../src/server/workflows/count-visit';

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
    if (!isSitePage(path))
      throw new HttpError(400, 'This path is not a page of this site', {
        path: 'Not a page of this site',
      });
    return countVisit(req, { kind: 'view', path, host: beacon.referrer, ref: beacon.ref }, ctx.ip);
  },
});

export const config = { path: '/api/hit' };
