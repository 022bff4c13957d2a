import { describe, expect, it } from 'vitest';
import { LocalCdnCache, MAX_CACHE_BYTES } from '../../scripts/platform/cdn-cache';

const MB = 1024 * 1024;
const answer = () =>
  new Response(Buffer.alloc(MB), {
    headers: { 'Netlify-CDN-Cache-Control': 'public, s-maxage=31536000' },
  });

describe("the local stand-in for Netlify's CDN cache", () => {
  it('holds at most its byte budget however many distinct query strings come in, dropping the oldest first', async () => {
    const cache = new LocalCdnCache('token');
    const url = (n: number) => new URL(`http://localhost/api/stats?x=${n}`);
    for (let n = 0; n < (MAX_CACHE_BYTES / MB) * 2; n++) await cache.keep('GET', url(n), answer());
    expect(cache.heldBytes).toBeLessThanOrEqual(MAX_CACHE_BYTES);
    const served = (n: number) =>
      cache.serve('GET', url(n), { writeHead: () => {}, end: () => {} } as never);
    expect(served(0)).toBe(false);
    expect(served((MAX_CACHE_BYTES / MB) * 2 - 1)).toBe(true);
    cache.purge();
    expect(cache.heldBytes).toBe(0);
  });

  it('counts the URLs it is keyed by, not only the bodies: many long URLs with empty answers evict too', async () => {
    const cap = 1024 * 1024;
    const cache = new LocalCdnCache('token', cap);
    const long = 'y'.repeat(8 * 1024);
    const url = (n: number) => new URL(`http://localhost/api/stats?x=${n}&pad=${long}`);
    const empty = () =>
      new Response('', { headers: { 'Netlify-CDN-Cache-Control': 'public, s-maxage=31536000' } });
    const count = Math.ceil(cap / long.length) * 2;
    for (let n = 0; n < count; n++) await cache.keep('GET', url(n), empty());
    expect(cache.heldBytes).toBeGreaterThan(cap / 2);
    expect(cache.heldBytes).toBeLessThanOrEqual(cap);
    const served = (n: number) =>
      cache.serve('GET', url(n), { writeHead: () => {}, end: () => {} } as never);
    expect(served(0)).toBe(false);
    expect(served(count - 1)).toBe(true);
    cache.purge();
    expect(cache.heldBytes).toBe(0);
  });
});
