import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { LocalBlobsServer } from './blobs-server';
import { startBuildBlobsApi } from './build-blobs-api';

/**
 * The site's Blobs: a local server over files in DATA_DIR/blobs that functions reach through
 * NETLIFY_BLOBS_CONTEXT (set here through `env`, as Netlify's runtime sets it), and beside it the API-mode
 * endpoint builds read through, which cannot write the site's stores.
 */
export async function startSiteBlobs(opts: {
  dataDir: string;
  siteId: string;
  env: (name: string, value: string) => void;
}) {
  const token = randomBytes(16).toString('hex');
  const blobs = new LocalBlobsServer({ directory: path.join(opts.dataDir, 'blobs'), token });
  const { port } = await blobs.start();
  const blobsURL = `http://127.0.0.1:${port}`;
  const context = Buffer.from(
    JSON.stringify({
      edgeURL: blobsURL,
      uncachedEdgeURL: blobsURL,
      token,
      siteID: opts.siteId,
      // Netlify's function context names the site's region; the Blobs client needs it to read a
      // deploy store (the deploy-succeeded function reads what its build left out).
      primaryRegion: 'us-east-2',
    }),
  ).toString('base64');
  opts.env('NETLIFY_BLOBS_CONTEXT', context);
  // What a build's plugins get: an API-mode context that cannot write the site's stores.
  const buildBlobs = await startBuildBlobsApi({ blobsURL, blobsToken: token, siteID: opts.siteId });
  return {
    buildBlobs,
    /**
     * On Netlify a function reads the deploy store of the deploy it belongs to; here every function
     * belongs to the live deploy, so the functions' Blobs context names it from the moment it is live.
     */
    functionsBelongTo(deployID: string) {
      const current = JSON.parse(
        Buffer.from(process.env.NETLIFY_BLOBS_CONTEXT ?? context, 'base64').toString('utf8'),
      );
      opts.env(
        'NETLIFY_BLOBS_CONTEXT',
        Buffer.from(JSON.stringify({ ...current, deployID })).toString('base64'),
      );
    },
    async close() {
      await buildBlobs.close();
      await blobs.stop();
    },
  };
}
