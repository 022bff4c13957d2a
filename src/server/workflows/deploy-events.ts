import { z } from 'zod';
import { HttpError } from '../http/errors';
import { json, readJson, route } from '../http/http';
import { noteEvent } from '../outbound/notify';
import { markBuildDone, markBuildFailed, markBuildStarted } from '../publishing/publish';
import { readSkipped } from '../publishing/publish-report';
import { siteSecret } from '../storage/site-secret';
import { REPORT_SECRET } from '../visitors/download-report';

/**
 * Netlify calls a function named after a deploy event (deploy-building, deploy-succeeded,
 * deploy-failed) with a POST whose JSON body carries the deploy as `payload`. These record the
 * publish state; the build itself cannot (builds may not write site-wide stores).
 */
const deployEventSchema = z.object({
  payload: z.looseObject({
    id: z.string().max(200).optional(),
    site_id: z
      .string({ error: 'payload.site_id is required' })
      .min(1, 'payload.site_id is required')
      .max(200),
    error_message: z.string().max(10_000).nullish(),
  }),
});

export type DeployEvent = 'deploy-building' | 'deploy-succeeded' | 'deploy-failed';

/**
 * The edge signs its download reports with a site secret it reads from Blobs, eventually
 * consistent there: a secret made by the first report would reach the edge only after some
 * reports went unsigned. Made when a deploy starts building, it is in the store minutes before the
 * deploy serves its first file; made again (a cached read) when one succeeds, should the first
 * event have been lost.
 */
const prepareEdgeSecret = () => siteSecret(REPORT_SECRET);

const record: Record<
  DeployEvent,
  (deploy: z.infer<typeof deployEventSchema>['payload']) => Promise<unknown>
> = {
  'deploy-building': async () => {
    await prepareEdgeSecret();
    await markBuildStarted();
  },
  'deploy-succeeded': async (deploy) => {
    await prepareEdgeSecret();
    await markBuildDone(await readSkipped(deploy.id));
  },
  'deploy-failed': async (deploy) => {
    await markBuildFailed(`The build failed: ${deploy.error_message?.trim() || 'no reason given'}`);
    noteEvent('build-failed');
  },
};

/** The handler of one deploy event function. */
export function deployEventHandler(event: DeployEvent) {
  return route({
    async POST(req) {
      const { payload } = await readJson(req, deployEventSchema, 256 * 1024);
      // Only this site's deploys. Netlify signs these calls already; checking the site as well
      // means a payload without one, or a deploy of another site, never moves the publish state.
      // Netlify sets SITE_ID for every function (the local platform too): without it, refuse.
      const site = process.env.SITE_ID;
      if (!site) throw new HttpError(503, 'SITE_ID is not set: deploy events cannot be checked');
      if (payload.site_id !== site) throw new HttpError(403, 'This deploy belongs to another site');
      await record[event](payload);
      return json({ recorded: event });
    },
  });
}
