// Counts the site's files as the CDN serves them: PDFs, citation files, calendar files and feeds
// are static files no function sees, and counting them in the page (a beacon on click) would miss
// every download that does not start from a click on our pages. Routed by netlify.toml
// ([[edge_functions]]); the paths there are the ones src/server/visitors/analytics-paths.ts counts.
// The file is served as it is; the count is reported to POST /api/hit/file after the answer, with
// the downloader's own privacy and robot headers, so the same people go uncounted as for page views,
// and the downloader's address for the throttle, signed (src/server/visitors/download-report.ts).
// Only web APIs and the Blobs client here: Netlify runs this on Deno, the local platform on Node.
// Deno finds a module only by its whole file name, so imports of the site's own files (and theirs)
// name the `.ts`; Netlify's edge bundler bundles @netlify/blobs from node_modules.
import { getStore } from '@netlify/blobs';
import {
  COUNTED_CLIENT_HEADER,
  REPORT_SECRET_AT,
  REPORT_SIGNATURE_HEADER,
  signReport,
} from '../../src/server/visitors/download-report.ts';

/** The parts of Netlify's edge context this function uses. */
interface EdgeContext {
  ip: string;
  next: () => Promise<Response>;
  waitUntil: (promise: Promise<unknown>) => void;
}

/** The request headers that decide whether a download is counted (none of them is stored). */
const FORWARDED = ['user-agent', 'sec-gpc', 'dnt'];

/**
 * Whether this answer is a download: the whole file, or a part that starts at its first byte (a
 * PDF viewer asks for the file in ranges, from the start), as the answer's Content-Range says. A
 * later range of the same download is not counted again; nor is a 304 (a feed reader's "nothing
 * new") or a 416.
 */
const isDownload = (req: Request, res: Response) =>
  req.method === 'GET' &&
  (res.status === 200 ||
    (res.status === 206 && /^bytes 0-/.test(res.headers.get('content-range') ?? '')));

// The report secret per site address, once read: an instance may serve more than one site (the
// local platform's test sites share one process), and the secret never changes once made.
const secrets = new Map<string, string>();

/**
 * The secret reports are signed with (made as each deploy starts building), or null while this
 * edge cannot read it yet: such a report goes unsigned and is throttled on the edge's own address,
 * the next ones are signed.
 */
async function reportSecret(host: string): Promise<string | null> {
  const known = secrets.get(host);
  if (known) return known;
  let found: { value?: unknown } | null;
  try {
    found = (await getStore(REPORT_SECRET_AT.store).get(REPORT_SECRET_AT.key, {
      type: 'json',
    })) as { value?: unknown } | null;
  } catch {
    return null;
  }
  if (typeof found?.value !== 'string') return null;
  if (secrets.size > 20) secrets.clear();
  secrets.set(host, found.value);
  return found.value;
}

/** Tells /api/hit/file about the download, signed when the secret can be read. */
async function report(req: Request, url: URL, ip: string): Promise<void> {
  const body = { path: url.pathname, referrer: referrerHost(req, url) };
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const name of FORWARDED) {
    const value = req.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const secret = await reportSecret(url.host);
  if (secret) {
    headers.set(COUNTED_CLIENT_HEADER, ip);
    headers.set(REPORT_SIGNATURE_HEADER, await signReport(secret, { client: ip, ...body }));
  }
  await fetch(new URL('/api/hit/file', url), {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
}

/** The referring site's host name, or '' for none, this site, or a host the count cannot keep. */
function referrerHost(req: Request, url: URL): string {
  try {
    const host = new URL(req.headers.get('referer') ?? '').hostname;
    return host !== url.hostname && /^[a-z0-9.-]{1,100}$/.test(host) ? host : '';
  } catch {
    return '';
  }
}

export default async function countDownloads(req: Request, context: EdgeContext) {
  const response = await context.next();
  if (isDownload(req, response))
    context.waitUntil(report(req, new URL(req.url), context.ip).catch(() => undefined));
  return response;
}
