/**
 * The first-party visit count (src/server/visitors/analytics-*.ts): once the page has loaded and
 * painted, one beacon with the path, the referring site's host name and a newsletter issue (the
 * `ref` our newsletter's links carry), and one per download link followed (PDF, citation,
 * calendar). Nothing else: no cookie, no storage, no identifier. Visitors whose browser asks not to
 * be tracked send nothing at all. Kept tiny: it is inlined into every page.
 */
const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
const send = (body: object) => nav.sendBeacon('/api/hit', JSON.stringify(body));

if (!nav.globalPrivacyControl && nav.doNotTrack !== '1') {
  const ref = new URLSearchParams(location.search).get('ref') ?? '';
  let host = '';
  try {
    host = new URL(document.referrer).hostname;
  } catch {
    // No referrer (or not a URL): nothing to say where the reader came from.
  }
  const view = () =>
    send({
      path: location.pathname,
      referrer: host === location.hostname ? '' : host,
      ...(/^[\w-]{1,80}$/.test(ref) && { ref }),
    });
  // After the load event and the frame after it: the count never competes with the page.
  addEventListener('load', () => requestAnimationFrame(() => setTimeout(view)));
  addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element).closest?.('a');
      const file =
        link?.origin === location.origin && /\.(pdf)$|\.(ris|bib)$|\.ics$/i.exec(link.pathname);
      if (file) send({ path: link.pathname, kind: file[1] ? 'pdf' : file[2] ? 'citation' : 'ics' });
    },
    true,
  );
}
