/**
 * The research library as a visitor and a crawler read it, on the demo content plus two records:
 * person pages and topic pages (with JSON-LD, feeds, sitemap and search entries), author links
 * both ways, the topic and year filters, a publication created through the API listed first, and
 * a publication stored in the old format (free-text authors, no publishedOn) read correctly.
 */
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPages, jsonLd } from '../helpers/built-pages';
import { client, createTestUser, login, startTestSite, type TestSite } from '../helpers/platform';

let site: TestSite;
let admin: ReturnType<typeof client>;
const { html, page, sitemapLocs, feedLinks, searchUrls } = builtPages(() => site.url);
const links = async (path: string, selector = 'main a') => (await html(path)).querySelectorAll(selector).map((a) => a.getAttribute('href') ?? '');

beforeAll(async () => {
  site = await startTestSite({ pages: false, seed: true });
  await createTestUser('admin', 'admin-password-123', true);
  admin = client(site.url, await login(site.url, 'admin', 'admin-password-123'));
  // A new report through the API: no date given, so it is dated today and goes first.
  const created = await admin.post('/api/publications', { title: 'Brand New Findings', description: 'Just out.', authors: [{ name: 'Outside Scholar' }] });
  expect(created.status, created.text).toBe(201);
  // A title in Japanese (with the long-vowel mark ー), renamed: its first address must redirect.
  const ramen = await admin.post('/api/publications', { title: 'ラーメンの経済', description: 'Noodles.', publishedOn: '2020-01-01' });
  expect(ramen.status, ramen.text).toBe(201);
  expect((await admin.patch(`/api/publications/${ramen.json.id}`, { title: 'ラーメンの未来' })).status).toBe(200);
  // A record in the old format, written as an earlier version stored it.
  const store = getStore({ name: 'content' });
  const doc = (await store.get('publications', { type: 'json' })) as { items: Record<string, unknown>[] };
  const at = '2023-06-01T00:00:00.000Z';
  doc.items.push({ id: 'old-format', title: 'An Old Format Paper', description: 'From before.', date: 'May 2023', type: 'Working Paper', authors: 'Marcus Chen, R. Outsider', link: '', image: '', pdf: '', order: 99, createdAt: at, updatedAt: at });
  await store.setJSON('publications', doc);
  await site.platform.build();
}, 300_000);
afterAll(() => site?.close());

describe('person pages', () => {
  it('show the person, their publications newest first and their topics, with a ProfilePage', async () => {
    const doc = await html('/team/marcus-chen');
    expect(doc.querySelector('h1')!.text).toContain('Marcus Chen');
    const pubs = doc.querySelectorAll('main a[href^="/publications/"]').map((a) => a.getAttribute('href'));
    expect(pubs).toEqual(expect.arrayContaining(['/publications/the-state-of-ai-governance-2025', '/publications/auditing-large-language-models-in-the-public-sector', '/publications/an-old-format-paper']));
    expect(pubs.indexOf('/publications/the-state-of-ai-governance-2025')).toBeLessThan(pubs.indexOf('/publications/an-old-format-paper'));
    const ld = jsonLd(doc).find((d) => d['@type'] === 'ProfilePage');
    expect(ld?.mainEntity).toMatchObject({ '@type': 'Person', name: 'Marcus Chen' });
  });

  it('are linked from the team cards and listed in the sitemap and search', async () => {
    expect(await links('/team')).toContain('/team/marcus-chen');
    expect(await sitemapLocs()).toEqual(expect.arrayContaining(['/team/marcus-chen', '/team/dr-lena-fischer']));
    expect(await searchUrls()).toContain('/team/marcus-chen');
  });
});

describe('author links both ways', () => {
  it('link a publication’s team authors to their pages, and name outside authors plainly', async () => {
    const doc = await html('/publications/the-state-of-ai-governance-2025');
    const authors = doc.querySelector('[data-testid="publication-authors"]')!;
    expect(authors.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual(['/team/marcus-chen', '/team/dr-lena-fischer']);
    const ld = jsonLd(doc).find((d) => d['@type'] === 'Report' || d['@type'] === 'ScholarlyArticle' || d.author);
    expect(ld.author[0]).toMatchObject({ name: 'Marcus Chen', url: expect.stringContaining('/team/marcus-chen') });
  });

  it('read old free-text authors: team names link, others stay text, citations list both', async () => {
    const doc = await html('/publications/an-old-format-paper');
    const authors = doc.querySelector('[data-testid="publication-authors"]')!;
    expect(authors.text).toContain('R. Outsider');
    expect(authors.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual(['/team/marcus-chen']);
    expect(doc.querySelectorAll('meta[name="citation_author"]').map((m) => m.getAttribute('content'))).toEqual(['Marcus Chen', 'R. Outsider']);
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
    expect(await feedLinks('/research/ai-governance-policy/feed.xml')).toContain('/publications/the-state-of-ai-governance-2025');
    expect(await sitemapLocs()).toContain('/research/ai-governance-policy');
    expect(await searchUrls()).toContain('/research/ai-governance-policy');
  });

  it('are where the research cards lead', async () => {
    expect(await links('/', '#research a')).toContain('/research/ai-governance-policy');
  });
});

describe('the archive', () => {
  it('lists a publication just created through the API first, and the rest newest first', async () => {
    const hrefs = (await links('/publications')).filter((h) => /^\/publications\/[^/]+$/.test(h) && !/\/(topic|type|year)\//.test(h));
    expect(hrefs[0]).toBe('/publications/brand-new-findings');
    expect(hrefs.indexOf('/publications/the-state-of-ai-governance-2025')).toBeLessThan(hrefs.indexOf('/publications/an-old-format-paper'));
    expect((await html('/')).querySelector('#publications a[href="/publications/brand-new-findings"]')).not.toBeNull();
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
    expect(byTopic).not.toContain('/publications/equity-in-clinical-prediction-lessons-from-40-hospitals');
    const byYear = await links('/publications/year/2023');
    expect(byYear).toContain('/publications/an-old-format-paper');
    expect(byYear).not.toContain('/publications/the-state-of-ai-governance-2025');
    expect((await page('/publications/year/1999')).status).toBe(404);
  });
});
