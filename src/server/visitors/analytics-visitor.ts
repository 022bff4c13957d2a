/**
 * Who is not counted: visitors who ask not to be (Global Privacy Control, Do Not Track) and known
 * robots. Decided from the request's headers, none of which is stored.
 */

// Crawlers, link previewers, monitors and scripted clients. Headless browsers are not listed:
// real people's privacy tools use them too, and they run the page like anyone else.
const BOTS =
  /bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|quora link preview|whatsapp|lighthouse|pingdom|uptime|monitor|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|node-fetch|undici|axios\/|go-http-client|java\/|okhttp|libwww|scrapy|feedfetcher|preview/i;

/** Whether the request asks not to be counted or comes from a known robot. */
export function notCounted(req: Request): boolean {
  const h = req.headers;
  if (h.get('sec-gpc')?.trim() === '1' || h.get('dnt')?.trim() === '1') return true;
  const agent = h.get('user-agent') ?? '';
  return agent === '' || BOTS.test(agent);
}

/** The header the edge names the downloader's address in when it reports a file it served. */
export const COUNTED_CLIENT_HEADER = 'x-counted-client';

/**
 * Whose count a reported download is, for the throttle only (never stored): the address the edge
 * forwards, since the report itself comes from the edge's own address. A client posting reports
 * directly can name any address here, as one posting page-view beacons can add views: both only
 * ever add to counts of the site's own paths.
 */
export const countedClient = (req: Request, ip: string): string =>
  req.headers.get(COUNTED_CLIENT_HEADER)?.trim().slice(0, 64) || ip;
