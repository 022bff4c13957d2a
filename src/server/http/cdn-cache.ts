import { purgeCache } from '@netlify/functions';

/**
 * Netlify CDN caching of the public GETs, and the purge that keeps it honest.
 *
 * A public answer is kept by Netlify's CDN (and its durable cache, shared by every edge node)
 * until a write purges its tag, so repeated reads cost no function call and no Blobs call. The
 * browser's `Cache-Control` is left to each endpoint: the CDN copy is purged on every change, a
 * browser copy cannot be, so browsers keep revalidating where freshness matters.
 */

/** Cache tags, one per public data set; a write purges the tag of what it changed. */
export const CACHE_TAGS = {
  testimonials: 'testimonials',
  siteSettings: 'site-settings',
  /** Admin-edited collections are tagged by their API name ('events', 'stats', ...). */
  collection: (name: string) => name,
} as const;

// A year at the CDN: purges, not expiry, make changes visible. The stale window only covers the
// rare case of an entry expiring by age; a purged entry is never served stale.
const CDN_RULE = 'public, durable, s-maxage=31536000, stale-while-revalidate=86400';
const YEAR_SECONDS = 31_536_000;

/**
 * Headers that let Netlify's CDN keep a public GET answer until one of `tags` is purged. An answer
 * that also changes with time alone (upcoming events) passes `maxAgeSeconds`: the moment it would
 * change, with no stale window.
 */
export function cdnCacheHeaders(
  tags: string | string[],
  opts: { maxAgeSeconds?: number } = {},
): Record<string, string> {
  const { maxAgeSeconds } = opts;
  const rule =
    maxAgeSeconds === undefined
      ? CDN_RULE
      : `public, durable, s-maxage=${Math.max(1, Math.min(YEAR_SECONDS, Math.ceil(maxAgeSeconds)))}`;
  return { 'Netlify-CDN-Cache-Control': rule, 'Netlify-Cache-Tag': [tags].flat().join(',') };
}

const PURGE_TIMEOUT_MS = 5_000;

/**
 * Purges cached public answers by tag, after a write that changed them has landed. A failed purge
 * never turns that write into an error (the data is saved; the CDN copy is at worst stale until the
 * next purge or deploy), but it is logged. On Netlify the function runtime provides the purge token
 * and site id; `PURGE_API_URL` only exists locally, where it points purges at the local CDN.
 */
export async function purgeTags(...tags: string[]): Promise<void> {
  if (tags.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const apiURL = process.env.PURGE_API_URL || undefined;
    await Promise.race([
      purgeCache({ tags, ...(apiURL ? { apiURL } : {}) }),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${PURGE_TIMEOUT_MS} ms`)),
          PURGE_TIMEOUT_MS,
        );
      }),
    ]);
  } catch (error) {
    console.error(
      `CDN cache purge failed for tags ${tags.join(', ')}; cached public answers may be stale:`,
      error instanceof Error ? error.message : error,
    );
  } finally {
    clearTimeout(timer);
  }
}
