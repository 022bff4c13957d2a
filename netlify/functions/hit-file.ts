// POST /api/hit/file {path, referrer?} -> 204 (public): counts one download of a file the CDN
//      served (a PDF, a citation file, a calendar file, a feed). Sent by the edge function that
//      sees every such request (netlify/edge-functions/count-downloads.ts), with the downloader's
//      own Sec-GPC, DNT and User-Agent headers, so the same people and robots go uncounted as for
//      page views. 400 for a path that is no file of this site. Throttled per client, after the
//      answer: per the downloader the edge names when its report is signed, else per the caller.
import { fileHitSchema } from '../../src/schemas/analytics';
import { HttpError } from '../../src/server/http/errors';
import { readJson, route } from '../../src/server/http/http';
import { countedPath, fileKindOf } from '../../src/server/visitors/analytics-paths';
import { reportingClient } from '../../src/server/visitors/analytics-visitor';
import { countVisit } from '../../src/server/workflows/count-visit';

export default route({
  async POST(req, ctx) {
    const hit = await readJson(req, fileHitSchema);
    const path = countedPath(hit.path);
    const kind = fileKindOf(path);
    if (!kind)
      throw new HttpError(400, 'This path is not a file of this site', {
        path: 'Not a file of this site',
      });
    return countVisit(req, { kind, path, host: hit.referrer, ref: '' }, () =>
      reportingClient(req, hit, ctx.ip),
    );
  },
});

export const config = { path: '/api/hit/file' };
