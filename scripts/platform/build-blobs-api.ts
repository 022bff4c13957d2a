import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Netlify's Blobs API as a build sees it. Netlify gives build plugins an API-mode context
 * (apiURL, siteID, deployID, a build token) that may read the site's stores but not write them:
 * "Builds and build plugins can only write to deploy-specific stores". This server answers
 * /api/v1/blobs/* for the build token only, refuses writes and deletes to site-wide stores, and
 * passes everything else on to the local Blobs server (which signs the URLs, as Netlify does).
 */
export async function startBuildBlobsApi(opts: {
  blobsURL: string;
  blobsToken: string;
  siteID: string;
}) {
  const token = randomBytes(16).toString('hex');
  const upstream = new URL(opts.blobsURL);
  let refusedWrites = 0;

  const server = http.createServer((req, res) => {
    const refuse = (status: number, message: string) => {
      req.resume();
      res
        .writeHead(status, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ message }));
    };
    if (req.headers.authorization !== `Bearer ${token}`) return refuse(401, 'Invalid token');
    const match = /^\/api\/v1\/blobs\/([^/]+)\/([^/?]+)/.exec(req.url ?? '');
    if (!match) return refuse(404, 'Not found');
    const store = decodeURIComponent(match[2]!);
    const method = (req.method ?? 'GET').toUpperCase();
    if ((method === 'PUT' || method === 'DELETE') && !store.startsWith('deploy:')) {
      refusedWrites++;
      return refuse(403, 'Builds and build plugins can only write to deploy-specific stores');
    }
    const out = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method,
        headers: {
          ...req.headers,
          host: upstream.host,
          authorization: `Bearer ${opts.blobsToken}`,
        },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    out.on('error', () => refuse(502, 'The Blobs store did not answer'));
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The NETLIFY_BLOBS_CONTEXT Netlify hands a build's plugins (API mode, this deploy). */
    contextFor(deployID: string): string {
      return Buffer.from(JSON.stringify({ apiURL, deployID, siteID: opts.siteID, token })).toString(
        'base64',
      );
    },
    /** How many site-wide writes a build attempted and was refused (tests read it). */
    get refusedWrites() {
      return refusedWrites;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type BuildBlobsApi = Awaited<ReturnType<typeof startBuildBlobsApi>>;
