// Counts the site's files as the CDN serves them: PDFs, citation files, calendar files and feeds
// are static files no function sees, and counting them in the page (a beacon on click) would miss
// every download that does not start from a click on our pages. Routed by netlify.toml
// ([[edge_functions]]); the paths there are the ones src/server/visitors/analytics-paths.ts counts.
// The file is served as it is; the count is reported to POST /api/hit/file after the answer, with
// the downloader's own privacy and robot headers, so the same people go uncounted as for page views.
// Only web APIs here: Netlify runs this on Deno, the local platform on Node.

/** The parts of Netlify's edge context this function uses. */
interface EdgeContext {
  ip: string;
  next: () => Promise<Response>;
  waitUntil: (promise: Promise<unknown>) => void;
}

/** The request headers that decide whether a download is counted (none of them is stored). */
const FORWARDED = ['user-agent', 'sec-gpc', 'dnt'];

/**
 * Whether this answer is a download: the whole file, or the first part of it (a PDF viewer asks
 * for the file in ranges, from the start). A later range of the same download is not counted again.
 */
const isDownload = (req: Request, res: Response) =>
  req.method === 'GET' &&
  (res.status === 200 || (res.status === 206 && /^bytes=0-/.test(req.headers.get('range') ?? '')));

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
  if (!isDownload(req, response)) return response;
  const url = new URL(req.url);
  const headers = new Headers({
    'content-type': 'application/json',
    'x-counted-client': context.ip,
  });
  for (const name of FORWARDED) {
    const value = req.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  context.waitUntil(
    fetch(new URL('/api/hit/file', url), {
      method: 'POST',
      headers,
      body: JSON.stringify({ path: url.pathname, referrer: referrerHost(req, url) }),
    }).catch(() => undefined),
  );
  return response;
}
