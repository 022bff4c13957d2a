import type { FileHit } from '../../schemas/analytics';
import { siteSecret } from '../storage/site-secret';
import {
  COUNTED_CLIENT_HEADER,
  REPORT_SECRET,
  REPORT_SIGNATURE_HEADER,
  reportSigned,
} from './download-report';

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

/**
 * Whose download a report is, for the throttle only (never stored). The edge posts each report
 * from its own address and names the downloader's, signed (download-report.ts): a signed name
 * counts. A report without a valid signature is anyone posting to /api/hit/file directly (or the
 * edge before the secret exists), throttled on the address it comes from, so naming a different
 * address in each post no longer escapes the throttle. The deploy events make the secret before a
 * deploy serves a file (workflows/deploy-events.ts); asking for it here makes it too, should they
 * never have run.
 */
export async function reportingClient(req: Request, report: FileHit, ip: string): Promise<string> {
  const secret = await siteSecret(REPORT_SECRET);
  const client = req.headers.get(COUNTED_CLIENT_HEADER)?.trim() ?? '';
  const signature = req.headers.get(REPORT_SIGNATURE_HEADER)?.trim() ?? '';
  if (!client || client.length > 64 || !signature) return ip;
  const signed = await reportSigned(secret, { client, ...report }, signature);
  return signed ? client : ip;
}
