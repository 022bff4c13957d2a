/*
 * Service worker: hashed build assets (/_astro/*) are cache-first (their names change with
 * their content); pages are network-first with the last good copy as the offline fallback.
 * Never cached: /api/*, /admin*, /login and the pages that open emailed account links (private,
 * always-live, or carrying a token in their address). Old caches go on activate.
 */
const VERSION = 'v1';
const ASSETS = `meridian-assets-${VERSION}`;
const PAGES = `meridian-pages-${VERSION}`;
const KEEP = [ASSETS, PAGES];
const MAX_PAGES = 40;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('meridian-') && !KEEP.includes(k)).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const ACCOUNT_PAGES = ['/login', '/forgot-password', '/invite', '/verify-email'];
const isPrivate = (path) =>
  path.startsWith('/api/') || path === '/admin' || path.startsWith('/admin/') || ACCOUNT_PAGES.some((p) => path === p || path.startsWith(`${p}/`));

async function cacheFirst(request) {
  const cache = await caches.open(ASSETS);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') cache.put(request, response.clone());
  return response;
}

async function trimPages(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PAGES)).map((k) => cache.delete(k)));
}

async function networkFirst(event) {
  const cache = await caches.open(PAGES);
  // Pages are keyed without the query string (?edit=true, ?q=) so one copy per page is kept.
  const url = new URL(event.request.url);
  const key = url.origin + url.pathname;
  try {
    const response = await fetch(event.request);
    if (response.status === 200 && response.type === 'basic') {
      event.waitUntil(cache.put(key, response.clone()).then(() => trimPages(cache)));
    }
    return response;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isPrivate(url.pathname)) return;
  if (url.pathname.startsWith('/_astro/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (request.mode === 'navigate') event.respondWith(networkFirst(event));
});
