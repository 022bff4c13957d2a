/**
 * The first-party visit count (src/server/visitors/analytics-*.ts): once the page has loaded and
 * painted, one beacon with the path, the referring site's host name and a newsletter issue (the
 * `ref` our newsletter's links carry). Nothing else: no cookie, no storage, no identifier. Files
 * (PDFs, citations, calendars, feeds) are counted as the CDN serves them, not from here
 * (netlify/edge-functions/count-downloads.ts). Visitors whose browser asks not to
 * be tracked send nothing at all. Kept tiny: it is inlined into every page.
 */
const nav = navigator as Navigator & { globalPrivacyControl?: boolean };

if (!nav.globalPrivacyControl && nav.doNotTrack !== '1') {
  const ref = new URLSearchParams(location.search).get('ref') ?? '';
  let host = '';
  try {
    host = new URL(document.referrer).hostname;
  } catch {
    // No referrer (or not a URL): nothing to say where the reader came from.
  }
  const view = () =>
    nav.sendBeacon(
      '/api/hit',
      JSON.stringify({
        path: location.pathname,
        referrer: host === location.hostname ? '' : host,
        ...(/^[\w-]{1,80}$/.test(ref) && { ref }),
      }),
    );
  // After the load event and the frame after it: the count never competes with the page.
  addEventListener('load', () => requestAnimationFrame(() => setTimeout(view)));
}
