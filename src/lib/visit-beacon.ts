/**
 * The first-party visit count (src/server/visitors/analytics-*.ts): once the page has loaded and
 * painted, one beacon with the path, the referring site's host name and a newsletter issue (the
 * `ref` our newsletter's links carry), and one per download link followed (PDF, citation,
 * calendar). Nothing else: no cookie, no storage, no identifier. Visitors whose browser asks not to
 * be tracked send nothing at all.
 */
type PrivacyNavigator = Navigator & { globalPrivacyControl?: boolean };

const nav = navigator as PrivacyNavigator;
const send = (body: object) => nav.sendBeacon('/api/hit', JSON.stringify(body));

function referrerHost(): string {
  try {
    const host = document.referrer ? new URL(document.referrer).hostname : '';
    return host === location.hostname ? '' : host;
  } catch {
    return '';
  }
}

const DOWNLOADS: [RegExp, string][] = [
  [/\.pdf$/i, 'pdf'],
  [/\.(ris|bib)$/i, 'citation'],
  [/\.ics$/i, 'ics'],
];

if (!nav.globalPrivacyControl && nav.doNotTrack !== '1' && 'sendBeacon' in nav) {
  const ref = new URLSearchParams(location.search).get('ref') ?? '';
  const view = () =>
    send({
      path: location.pathname,
      referrer: referrerHost(),
      ...(/^[\w-]{1,60}$/.test(ref) ? { ref } : {}),
    });
  // After the load event and the frame after it: the count never competes with the page.
  const later = () => requestAnimationFrame(() => setTimeout(view));
  if (document.readyState === 'complete') later();
  else addEventListener('load', later, { once: true });
  addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement;
      if (!link || link.origin !== location.origin) return;
      const kind = DOWNLOADS.find(([re]) => re.test(link.pathname))?.[1];
      if (kind) send({ path: link.pathname, kind });
    },
    { capture: true },
  );
}
