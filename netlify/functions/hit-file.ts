// POST /api/hit/file {path, referrer?} -> 204 (public): counts one download of a file the CDN
//      served (a PDF, a citation file, a calendar file, a feed). Sent by the edge function that
//      sees every such request (netlify/edge-functions/count-downloads.ts), with the downloader's
//      own Sec-GPC, DNT and User-Agent headers, so the same people and robots go uncounted as for
//      page views. 400 for a path that is no file of this site. Throttled per client, after the answer.
import { fileHitSchema } from '../../src/schemas/analytics';
import { HttpError } from '../../src/server/http/errors';
import { API_SECURITY_HEADERS, readJson, route } from '../../src/server/http/http';
import { afterResponse } from '../../src/server/http/invocation';
import { countingOn } from '../../src/server/content/settings-key';
import { storeHit } from '../../src/server/visitors/analytics-hits';
import { countedPath, fileKindOf } from '../../src/server/visitors/analytics-paths';
import { countedClient, notCounted } from '../../src/server/visitors/analytics-visitor';
import { assertBeaconAllowed } from '../../src/server/auth/throttle';

export default route({
  async POST(req, ctx) {
    const hit = await readJson(req, fileHitSchema);
    const path = countedPath(hit.path);
    const kind = fileKindOf(path);
    if (!kind)
      throw new HttpError(400, 'This path is not a file of this site', {
        path: 'Not a file of this site',
      });
    if (!notCounted(req))
      afterResponse(`count a ${kind} download`, async () => {
        if (!(await countingOn())) return;
        await assertBeaconAllowed(countedClient(req, ctx.ip));
        await storeHit({ kind, path, host: hit.referrer, ref: '' });
      });
    return new Response(null, {
      status: 204,
      headers: { ...API_SECURITY_HEADERS, 'Cache-Control': 'no-store' },
    });
  },
});

export const config = { path: '/api/hit/file' };
