/**
 * The home page at scale: with 1,000 publications and 1,000 events in the store the
 * build stays fast, the home HTML stays small (latest publications, capped event tabs), and every
 * publication is still reachable through the static, paginated /publications archive.
 * One real build over a temporary Blobs store: heavy, so everything is asserted on that one build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEvents, seedPublications } from '../../scripts/bench/seed-library';
import { buildPages, startTestSite, type TestSite } from '../helpers/platform';
import { searchSite } from '../helpers/site-search';

const PUBLICATIONS = 1000;
const EVENTS = 1000;
const TYPES = ['Report', 'Policy Brief', 'Research Paper', 'Working Paper', 'Guide'];

let site: TestSite;

/** Realistic records: full-length descriptions, so the HTML size is not flattered. */
async function seedRecords(now: number) {
  const text = (n: number) =>
    `Finding ${n}: ${'A careful look at how institutions adopt AI, what it costs and who benefits. '.repeat(4)}`.trim();
  // Ids numbered to four digits (pub-0042), as the assertions below name them.
  const numbered = (prefix: string, count: number) => ({
    count,
    now,
    id: (n: number) => `${prefix}-${String(n).padStart(4, '0')}`,
  });
  await seedPublications({
    ...numbered('pub', PUBLICATIONS),
    fields: (n) => ({
      description: text(n),
      date: 'March 2025',
      type: TYPES[n % TYPES.length]!,
      authors: 'M. Chen, L. Fischer',
      link: n % 2 ? `https://papers.example.org/${n}` : '',
    }),
  });
  // Half in the past, half to come, a fifth featured.
  await seedEvents({
    ...numbered('event', EVENTS),
    fields: (n) => ({
      description: text(n),
      location: 'London, United Kingdom',
      registrationLink: `https://tickets.example.org/${n}`,
    }),
  });
}

beforeAll(async () => {
  site = await startTestSite({ pages: true });
  await seedRecords(Date.now());
  await buildPages(site);
}, 120_000);
afterAll(() => site?.close());

const get = async (path: string) => {
  const res = await fetch(site.url + path);
  return { status: res.status, html: await res.text() };
};
const count = (html: string, needle: string) => html.split(needle).length - 1;
/** The href of the head's <link rel="…">, if any. */
const headLink = (html: string, rel: string) =>
  new RegExp(`<link rel="${rel}" href="([^"]+)"`).exec(html)?.[1];
/** Ids of the publication cards on a page, in order. */
const cardIds = (html: string) =>
  [...html.matchAll(/<li id="publication-([^"]+)"[^>]*data-testid="publication-card"/g)].map(
    (m) => m[1]!,
  );

describe('home page with 1,000 publications and 1,000 events', () => {
  // The build-time budget (≤ 15 s) is measured by `npm run bench`, not asserted on a shared machine.
  it('keeps the home HTML under 300 KB: the first 6 publications, a View all link, 9 events per tab', async () => {
    const { status, html } = await get('/');
    expect(status).toBe(200);
    console.log(`home HTML: ${(Buffer.byteLength(html) / 1024).toFixed(0)} KB`);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(300 * 1024);
    expect(cardIds(html)).toEqual([
      'pub-0000',
      'pub-0001',
      'pub-0002',
      'pub-0003',
      'pub-0004',
      'pub-0005',
    ]);
    expect(html).toMatch(/<a href="\/publications"[^>]*>\s*View all publications/);
    // Upcoming tab (9) plus, for visitors without JavaScript, the latest past events (9).
    expect(count(html, 'data-testid="event-card"')).toBe(18);
    expect(html).toMatch(/Showing 9 of 49\d events/);
    expect(html).toContain('Show more');
  });
});

describe('the /publications archive', () => {
  it('pages through every publication once, in order, with titles, canonical URLs and rel prev/next', async () => {
    const seen: string[] = [];
    let path: string | undefined = '/publications';
    let previous: string | undefined;
    let pages = 0;
    while (path) {
      const { status, html } = await get(path);
      expect(status, path).toBe(200);
      pages++;
      const title = pages === 1 ? 'Publications' : `Publications (page ${pages})`;
      expect(html).toContain(`<title>${title} - Meridian Institute for AI Research</title>`);
      expect(new URL(headLink(html, 'canonical')!).pathname).toBe(path);
      expect(headLink(html, 'prev')).toBe(previous);
      const ids = cardIds(html);
      expect(ids.length).toBe(
        pages < Math.ceil(PUBLICATIONS / 12) ? 12 : PUBLICATIONS - 12 * (pages - 1),
      );
      seen.push(...ids);
      // The visible pagination links the same neighbours as the head.
      const next = headLink(html, 'next');
      if (next) expect(html).toContain(`<a href="${next}" rel="next"`);
      if (previous) expect(html).toContain(`<a href="${previous}" rel="prev"`);
      previous = path;
      path = next;
    }
    expect(pages).toBe(Math.ceil(PUBLICATIONS / 12));
    expect(seen).toEqual(
      Array.from({ length: PUBLICATIONS }, (_, n) => `pub-${String(n).padStart(4, '0')}`),
    );
  });

  it('filters by type on static pages of their own, linked from every archive page', async () => {
    const { html } = await get('/publications/2');
    for (const [label, slug] of [
      ['Policy Brief', 'policy-brief'],
      ['Report', 'report'],
      ['Guide', 'guide'],
    ]) {
      expect(html).toMatch(
        new RegExp(
          `<a href="/publications/type/${slug}"[^>]*>\\s*${label} <span[^>]*>\\(200\\)</span>`,
        ),
      );
    }
    const first = await get('/publications/type/policy-brief');
    expect(first.status).toBe(200);
    expect(first.html).toContain(
      '<title>Publications: Policy Brief - Meridian Institute for AI Research</title>',
    );
    expect(first.html).toMatch(
      /<a href="\/publications\/type\/policy-brief"[^>]*aria-current="page"/,
    );
    // Policy briefs are every fifth publication starting at 1.
    expect(cardIds(first.html).slice(0, 3)).toEqual(['pub-0001', 'pub-0006', 'pub-0011']);
    expect(headLink(first.html, 'next')).toBe('/publications/type/policy-brief/2');
    const last = await get('/publications/type/policy-brief/17');
    expect(last.status).toBe(200);
    expect(cardIds(last.html)).toEqual([
      'pub-0961',
      'pub-0966',
      'pub-0971',
      'pub-0976',
      'pub-0981',
      'pub-0986',
      'pub-0991',
      'pub-0996',
    ]);
    expect(headLink(last.html, 'next')).toBeUndefined();
    expect((await get('/publications/type/policy-brief/18')).status).toBe(404);
  });

  it('is in the sitemap, every listed archive page exists, and search results point at the right page', async () => {
    // The index, then each of its parts.
    const parts = [...(await get('/sitemap.xml')).html.matchAll(/<loc>([^<]+)<\/loc>/g)];
    let sitemap = '';
    for (const part of parts) sitemap += (await get(new URL(part[1]!).pathname)).html;
    // Archive pages: /publications, /publications/<n>, /publications/type/<type>[/<n>] (not the publication pages).
    const archive = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
      .map((m) => new URL(m[1]!).pathname.replace(/\/$/, ''))
      .filter((p) => /^\/publications(\/type\/[\w-]+)?(\/\d+)?$/.test(p));
    expect(archive).toHaveLength(
      Math.ceil(PUBLICATIONS / 12) + TYPES.length * Math.ceil(PUBLICATIONS / TYPES.length / 12),
    );
    for (const p of archive) expect((await get(p)).status, p).toBe(200);

    const found = await searchSite(site.url, 'Scale publication 500', { kind: 'Publication' });
    const entry = found.find((e) => e.title === 'Scale publication 500')!;
    // A publication's own page, which the archive's card for it links to.
    expect(entry.url).toBe('/publications/scale-publication-500');
    const page = await get(entry.url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Scale publication 500');
    expect((await get('/publications/42')).html).toContain(`href="${entry.url}"`);
  });
});
