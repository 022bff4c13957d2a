/**
 * The research library as a visitor and a crawler read it, on the demo content plus two records:
 * person pages and topic pages (with JSON-LD, feeds, sitemap and search entries), author links
 * both ways, the topic and year filters, a publication created through the API listed first, and
 * a publication stored in the old format (free-text authors, no publishedOn) read correctly.
 */
import { publications } from '../../src/server/content/collections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureJs } from '../../scripts/bench/js-budget';
import { slugify } from '../../src/lib/slug';
import { builtPages, jsonLd } from '../helpers/built-pages';
import { ADMIN, startAdminSite, type Client } from '../helpers/admin-site';
import type { TestSite } from '../helpers/platform';

let site: TestSite;
let admin: Client;
let areaIds: Record<string, string> = {};
const { html, page, sitemapLocs, feedLinks, searchUrls } = builtPages(() => site.url);
const links = async (path: string, selector = 'main a') =>
  (await html(path)).querySelectorAll(selector).map((a) => a.getAttribute('href') ?? '');

beforeAll(async () => {
  ({ site, admin } = await startAdminSite({ pages: false, seed: true, users: { admin: ADMIN } }));
  const areas = (await admin.get('/api/research-areas')).json as { id: string; title: string }[];
  areaIds = Object.fromEntries(areas.map((a) => [a.title, a.id]));
  // Enough governance papers from one year for a second page of both filters (12 a page).
  for (let n = 1; n <= 13; n++) {
    const res = await admin.post('/api/publications', {
      title: `Governance Note ${n}`,
      description: 'A short note.',
      type: 'Policy Brief',
      publishedOn: `2022-01-${String(n).padStart(2, '0')}`,
      date: 'January 2022',
      topics: [areaIds['AI Governance & Policy']],
    });
    expect(res.status, res.text).toBe(201);
  }
  // A renamed person, and an area with its own link (which its research card keeps leading to).
  const members = (await admin.get('/api/team-members')).json as { id: string; name: string }[];
  const aisha = members.find((m) => m.name === 'Aisha Rahman')!;
  const renamed = await admin.patch(`/api/team-members/${aisha.id}`, { name: 'Aisha Rahman-Cole' });
  expect(renamed.status, renamed.text).toBe(200);
  const linked = await admin.patch(`/api/research-areas/${areaIds['Future of Work']}`, {
    link: 'https://work.example.org/programme',
  });
  expect(linked.status, linked.text).toBe(200);
  // A new report through the API: no date given, so it is dated today and goes first.
  const created = await admin.post('/api/publications', {
    title: 'Brand New Findings',
    description: 'Just out.',
    authors: [{ name: 'Outside Scholar' }],
  });
  expect(created.status, created.text).toBe(201);
  // A title in Japanese (with the long-vowel mark ー), renamed: its first address must redirect.
  const ramen = await admin.post('/api/publications', {
    title: 'ラーメンの経済',
    description: 'Noodles.',
    publishedOn: '2020-01-01',
  });
  expect(ramen.status, ramen.text).toBe(201);
  expect(
    (await admin.patch(`/api/publications/${ramen.json.id}`, { title: 'ラーメンの未来' })).status,
  ).toBe(200);
  // A record in the old format, written as an earlier version stored it.
  // Put back through the restore path, which parses it as a read of the stored record does.
  const at = '2023-06-01T00:00:00.000Z';
  await publications.reinsert({
    id: 'old-format',
    title: 'An Old Format Paper',
    description: 'From before.',
    date: 'May 2023',
    type: 'Working Paper',
    authors: 'Marcus Chen, R. Outsider',
    link: '',
    image: '',
    pdf: '',
    order: 99,
    createdAt: at,
    updatedAt: at,
  });
  await site.platform.build();
}, 300_000);
afterAll(() => site?.close());

describe('person pages', () => {
  it('show the person, their publications newest first and their topics, with a ProfilePage', async () => {
    const doc = await html('/team/marcus-chen');
    expect(doc.querySelector('h1')!.text).toContain('Marcus Chen');
    const pubs = doc
      .querySelectorAll('main a[href^="/publications/"]')
      .map((a) => a.getAttribute('href'));
    expect(pubs).toEqual(
      expect.arrayContaining([
        '/publications/the-state-of-ai-governance-2025',
        '/publications/auditing-large-language-models-in-the-public-sector',
        '/publications/an-old-format-paper',
      ]),
    );
    expect(pubs.indexOf('/publications/the-state-of-ai-governance-2025')).toBeLessThan(
      pubs.indexOf('/publications/an-old-format-paper'),
    );
    const ld = jsonLd(doc).find((d) => d['@type'] === 'ProfilePage');
    expect(ld?.mainEntity).toMatchObject({ '@type': 'Person', name: 'Marcus Chen' });
  });

  it('are linked from the team cards and listed in the sitemap and search', async () => {
    expect(await links('/team')).toContain('/team/marcus-chen');
    expect(await sitemapLocs()).toEqual(
      expect.arrayContaining(['/team/marcus-chen', '/team/dr-lena-fischer']),
    );
    expect(await searchUrls('Marcus Chen')).toContain('/team/marcus-chen');
  });
});

describe('person pages, further', () => {
  it('list the events a person speaks at, and are linked from the home page’s team cards', async () => {
    const doc = await html('/team/james-whitfield');
    expect(
      doc.querySelectorAll('main a[href^="/events/"]').map((a) => a.getAttribute('href')),
    ).toContain('/events/evaluating-frontier-models-a-live-briefing');
    expect(await links('/', '#team a')).toEqual(
      expect.arrayContaining(['/team/marcus-chen', '/team/james-whitfield']),
    );
  });

  it('keep a renamed person’s old address as a permanent redirect', async () => {
    expect((await html('/team/aisha-rahman-cole')).querySelector('h1')!.text).toContain(
      'Aisha Rahman-Cole',
    );
    const moved = await page('/team/aisha-rahman');
    expect([moved.status, moved.location]).toEqual([301, '/team/aisha-rahman-cole']);
  });

  it('ship no more than 20 KB of gzip-compressed JavaScript, as topic pages do', async () => {
    for (const path of ['/team/marcus-chen', '/research/ai-governance-policy']) {
      const js = await measureJs(site.url + path);
      expect(js.scrolledToEndKb, path).toBeLessThanOrEqual(20);
    }
  });
});

describe('author links both ways', () => {
  it('link a publication’s team authors to their pages, and name outside authors plainly', async () => {
    const doc = await html('/publications/the-state-of-ai-governance-2025');
    const authors = doc.querySelector('[data-testid="publication-authors"]')!;
    expect(authors.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual([
      '/team/marcus-chen',
      '/team/dr-lena-fischer',
    ]);
    const ld = jsonLd(doc).find(
      (d) => d['@type'] === 'Report' || d['@type'] === 'ScholarlyArticle' || d.author,
    );
    expect(ld.author[0]).toMatchObject({
      name: 'Marcus Chen',
      url: expect.stringContaining('/team/marcus-chen'),
    });
  });

  it('read old free-text authors: team names link, others stay text, citations list both', async () => {
    const doc = await html('/publications/an-old-format-paper');
    const authors = doc.querySelector('[data-testid="publication-authors"]')!;
    expect(authors.text).toContain('R. Outsider');
    expect(authors.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual([
      '/team/marcus-chen',
    ]);
    expect(
      doc.querySelectorAll('meta[name="citation_author"]').map((m) => m.getAttribute('content')),
    ).toEqual(['Chen, Marcus', 'Outsider, R.']);
    expect(doc.querySelector('time')?.getAttribute('datetime')).toBe('2023-05');
  });
});

describe('topic pages', () => {
  it('show the area, its publications, its experts, and have a feed', async () => {
    const doc = await html('/research/ai-governance-policy');
    expect(doc.querySelector('h1')!.text).toContain('AI Governance & Policy');
    const hrefs = doc.querySelectorAll('main a').map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/publications/the-state-of-ai-governance-2025');
    expect(hrefs).toContain('/team/marcus-chen');
    expect(await feedLinks('/research/ai-governance-policy/feed.xml')).toContain(
      '/publications/the-state-of-ai-governance-2025',
    );
    expect(await sitemapLocs()).toContain('/research/ai-governance-policy');
    expect(await searchUrls('AI governance policy')).toContain('/research/ai-governance-policy');
  });

  it('are where the research cards lead, unless the area has its own link', async () => {
    const cards = await links('/', '#research a');
    expect(cards).toContain('/research/ai-governance-policy');
    expect(cards).toContain('https://work.example.org/programme');
    expect(cards).not.toContain('/research/future-of-work');
  });

  it('show upcoming events, and a link to all their publications in the archive', async () => {
    const doc = await html('/research/ai-safety-alignment');
    expect(doc.querySelectorAll('main a').map((a) => a.getAttribute('href'))).toContain(
      '/events/evaluating-frontier-models-a-live-briefing',
    );
    const governance = await html('/research/ai-governance-policy');
    expect(
      governance.querySelector('[data-testid="topic-all-publications"]')!.getAttribute('href'),
    ).toBe('/publications/topic/ai-governance-policy');
  });

  it('exist for every demo area, each with publications and an expert', async () => {
    for (const title of Object.keys(areaIds)) {
      const doc = await html(`/research/${slugify(title)}`);
      expect(doc.querySelectorAll('main a[href^="/publications/"]').length, title).toBeGreaterThan(
        0,
      );
      expect(
        doc.querySelectorAll('[data-testid="topic-experts-list"] a[href^="/team/"]').length,
        title,
      ).toBeGreaterThan(0);
    }
  });
});

describe('the archive', () => {
  it('lists a publication just created through the API first, and the rest newest first', async () => {
    const hrefs = (await links('/publications')).filter(
      (h) => /^\/publications\/[^/]+$/.test(h) && !/\/(topic|type|year)\//.test(h),
    );
    expect(hrefs[0]).toBe('/publications/brand-new-findings');
    expect(hrefs.indexOf('/publications/the-state-of-ai-governance-2025')).toBeLessThan(
      hrefs.indexOf('/publications/an-old-format-paper'),
    );
    expect(
      (await html('/')).querySelector('#publications a[href="/publications/brand-new-findings"]'),
    ).not.toBeNull();
  });

  it('serves a non-Latin title at its own address, and its old address moves there with a 301', async () => {
    const now = `/publications/${encodeURIComponent('ラーメンの未来')}`;
    expect((await page(now)).status).toBe(200);
    const old = await page(`/publications/${encodeURIComponent('ラーメンの経済')}`);
    expect(old.status).toBe(301);
    expect(decodeURIComponent(old.location ?? '')).toBe('/publications/ラーメンの未来');
  });

  it('has static, filtered pages by topic and by year', async () => {
    const byTopic = await links('/publications/topic/ai-governance-policy');
    expect(byTopic).toContain('/publications/the-state-of-ai-governance-2025');
    expect(byTopic).not.toContain(
      '/publications/equity-in-clinical-prediction-lessons-from-40-hospitals',
    );
    const byYear = await links('/publications/year/2023');
    expect(byYear).toContain('/publications/an-old-format-paper');
    expect(byYear).not.toContain('/publications/the-state-of-ai-governance-2025');
    expect((await page('/publications/year/1999')).status).toBe(404);
  });

  it('pages the topic and year filters, newest first', async () => {
    const topicPage2 = await links('/publications/topic/ai-governance-policy/2');
    expect(topicPage2).toEqual(expect.arrayContaining(['/publications/governance-note-1']));
    const year = (await links('/publications/year/2022')).filter((h) =>
      /^\/publications\/governance-note-\d+$/.test(h),
    );
    expect(year.slice(0, 2)).toEqual([
      '/publications/governance-note-13',
      '/publications/governance-note-12',
    ]);
    expect(await links('/publications/year/2022/2')).toContain('/publications/governance-note-1');
    expect(
      (await html('/publications/year/2022/2'))
        .querySelector('link[rel="prev"]')
        ?.getAttribute('href'),
    ).toBe('/publications/year/2022');
  });
});
