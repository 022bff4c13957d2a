/**
 * The edge's report of a download it served, signed. The edge function
 * (netlify/edge-functions/count-downloads.ts) posts each report to /api/hit/file from its own
 * address and names the downloader's in X-Counted-Client, for the throttle. Anyone can post there
 * too, so the name counts only with a signature made with a secret of the site's own, which the
 * site's functions and its edge can read and nobody else: the site secret REPORT_SECRET
 * (storage/site-secret.ts, in the `system` Blobs store; Netlify gives edge functions the site's
 * Blobs as it gives functions). The signature covers the named address, the report's fields and
 * its time, so it cannot be moved to another address or file, nor kept for long.
 * Web APIs only, and imports by whole file name: the edge runs this on Deno.
 */
import { siteSecretKey } from '../storage/keys.ts';

/** The header the edge names the downloader's address in (never stored). */
export const COUNTED_CLIENT_HEADER = 'x-counted-client';
/** The header carrying the report's signature: `<ms time>.<hex HMAC-SHA256>`. */
export const REPORT_SIGNATURE_HEADER = 'x-counted-signature';
/** The site secret reports are signed with, made as a deploy starts building (workflows/deploy-events.ts). */
export const REPORT_SECRET = 'download-report';
/** Where the edge reads that secret: the site secret's key in the `system` store (STORES.system). */
export const REPORT_SECRET_AT = { store: 'system', key: siteSecretKey(REPORT_SECRET) } as const;

/**
 * How long a signature holds, either way of the function's clock: the report is sent as soon as
 * the file is answered, so minutes cover any queueing and clock skew between edge and function.
 */
const LIFETIME_MS = 5 * 60_000;

/** What a signature covers besides its time. */
export interface DownloadReport {
  /** The downloader's address, as the edge saw it. */
  client: string;
  path: string;
  referrer: string;
}

const encoder = new TextEncoder();
const signed = (report: DownloadReport, at: number) =>
  encoder.encode([at, report.client, report.path, report.referrer].join('\n'));
const hmacKey = (secret: string) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);

/** The signature header's value for `report`, made at `at`. */
export async function signReport(
  secret: string,
  report: DownloadReport,
  at = Date.now(),
): Promise<string> {
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', await hmacKey(secret), signed(report, at)),
  );
  return `${at}.${Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Whether `signature` is the site's signature of `report`, made within LIFETIME_MS of `now`. */
export async function reportSigned(
  secret: string,
  report: DownloadReport,
  signature: string,
  now = Date.now(),
): Promise<boolean> {
  const m = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(signature);
  if (!m) return false;
  const at = Number(m[1]);
  if (Math.abs(now - at) > LIFETIME_MS) return false;
  const mac = new Uint8Array(m[2]!.match(/../g)!.map((h) => parseInt(h, 16)));
  // verify compares in constant time.
  return crypto.subtle.verify('HMAC', await hmacKey(secret), mac, signed(report, at));
}
