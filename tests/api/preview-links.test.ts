/**
 * Private preview links: an editor makes an unguessable link to a draft or scheduled publication
 * or event; whoever holds it sees the page as it will look (the same components as the live page)
 * under a preview band, never indexed or cached; nothing public mentions it; it stops working when
 * revoked or expired, and leads to the live page once the item is public.
 */
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSite, type AdminSite } from '../helpers/admin-site';
import { builtPages } from '../helpers/built-pages';

let t: AdminSite;
const { page, html, sitemapLocs, feedLinks, searchUrls } = builtPages(() => t.site.url);
const ids: Record<string, string> = {};
const path = (url: string) => new URL(url).pathname;

beforeAll(async () => {
  t = await startAdminSite();
  const made = await Promise.all([
    t.admin.post('/api/publications', {
      title: 'Embargoed Report',
      description: 'Findings under embargo.',
      status: 'draft',
    }),
    t.admin.post('/api/events', {
      title: 'Embargoed Launch',
      startDate: '2031-05-01',
      endDate: '2031-05-01',
      status: 'scheduled',
      publishAt: '2031-04-20T09:00',
      timeZone: 'Europe/Berlin',
    }),
    t.admin.post('/api/publications', { title: 'Public Report', description: 'Already out.' }),
  ]);
  for (const res of made) expect(res.status, res.text).toBe(201);
  for (const [n, name] of ['draft', 'event', 'live'].entries())
    ids[name] = made[n]!.json.id as string;
  await t.site.platform.build();
}, 240_000);
afterAll(() => t?.close());

describe('making a link', () => {
  it('answers 201 with an unguessable address, valid for 7 days by default', async () => {
    const res = await t.admin.post('/api/admin/preview-links', {
      kind: 'publication',
      id: ids.draft,
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      kind: 'publication',
      itemId: ids.draft,
      title: 'Embargoed Report',
      createdBy: 'admin',
      expired: false,
    });
    expect(path(res.json.url)).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(res.json.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    ids.draftUrl = res.json.url;
    ids.draftLink = res.json.id;
  });

  it('is refused for a public item, an unknown one, more than 30 days, and without an editor', async () => {
    expect(
      (await t.admin.post('/api/admin/preview-links', { kind: 'publication', id: ids.live }))
        .status,
    ).toBe(409);
    expect(
      (await t.admin.post('/api/admin/preview-links', { kind: 'event', id: 'nope' })).status,
    ).toBe(404);
    const long = await t.admin.post('/api/admin/preview-links', {
      kind: 'event',
      id: ids.event,
      expiresInDays: 31,
    });
    expect(long.status).toBe(400);
    expect(long.json.message).toMatch(/at most 30 days/);
    expect(
      (await t.anon.post('/api/admin/preview-links', { kind: 'event', id: ids.event })).status,
    ).toBe(401);
    expect((await t.anon.get('/api/admin/preview-links')).status).toBe(401);
  });
});

describe('opening a link', () => {
  it('shows the draft as its page will look, under a preview band, never indexed or cached', async () => {
    const res = await fetch(ids.draftUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    const doc = (await import('node-html-parser')).parse(await res.text());
    expect(doc.querySelector('h1')!.text).toBe('Embargoed Report');
    expect(doc.querySelector('[data-testid="preview-band"]')!.text).toMatch(/^Preview — a draft/);
    expect(doc.querySelector('meta[name="robots"]')!.getAttribute('content')).toMatch(/noindex/);
    // The same components as a live publication page: its citation block is there.
    expect(doc.querySelector('meta[name="citation_title"]')!.getAttribute('content')).toBe(
      'Embargoed Report',
    );
  });

  it('says until when a scheduled item is embargoed, in its own time zone', async () => {
    const made = await t.admin.post('/api/admin/preview-links', {
      kind: 'event',
      id: ids.event,
      expiresInDays: 30,
    });
    const doc = (await import('node-html-parser')).parse(await (await fetch(made.json.url)).text());
    expect(doc.querySelector('[data-testid="preview-band"]')!.text).toContain(
      'embargoed until April 20, 2031, 09:00 CEST (Europe/Berlin)',
    );
    expect(doc.querySelector('h1')!.text).toBe('Embargoed Launch');
  });

  it('is listed for editors with who made it and when it was last opened, never with its token', async () => {
    const list = await t.admin.get(`/api/admin/preview-links?kind=publication&id=${ids.draft}`);
    expect(list.status).toBe(200);
    expect(list.json).toEqual([
      expect.objectContaining({
        id: ids.draftLink,
        createdBy: 'admin',
        lastOpenedAt: expect.any(String),
      }),
    ]);
    expect(list.text).not.toContain(path(ids.draftUrl!).slice('/preview/'.length));
  });
});

describe('what the public sees', () => {
  it('never mentions an unpublished item: no page, sitemap, feed, search entry or API answer', async () => {
    expect((await page('/publications/embargoed-report')).status).toBe(404);
    expect((await page(`/preview-render/publication/${ids.draft}`)).status).toBe(404);
    expect(await sitemapLocs()).not.toContain('/publications/embargoed-report');
    expect(await feedLinks('/publications/feed.xml')).not.toContain(
      '/publications/embargoed-report',
    );
    expect(await searchUrls('Embargoed Report')).not.toContain('/publications/embargoed-report');
    expect((await t.anon.get('/api/publications')).text).not.toContain('Embargoed Report');
    expect((await html('/publications')).text).not.toContain('Embargoed Report');
  });
});

describe('a link that ends', () => {
  it('answers 404 once revoked', async () => {
    const made = await t.admin.post('/api/admin/preview-links', { kind: 'event', id: ids.event });
    const revoked = await t.admin.delete(`/api/admin/preview-links/${made.json.id}`);
    expect(revoked.status).toBe(200);
    const res = await fetch(made.json.url);
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await t.admin.delete(`/api/admin/preview-links/${made.json.id}`)).status).toBe(404);
  });

  it('answers 404 once expired', async () => {
    const made = await t.admin.post('/api/admin/preview-links', {
      kind: 'event',
      id: ids.event,
      expiresInDays: 1,
    });
    // A day later: the stored expiry is moved to the past, as the clock would.
    const store = getStore({ name: 'preview-links' });
    for (const { key } of (await store.list({ prefix: 'links/' })).blobs) {
      const link = (await store.get(key, { type: 'json' })) as { id: string; expiresAt: string };
      if (link.id === made.json.id)
        await store.setJSON(key, { ...link, expiresAt: new Date(Date.now() - 1000).toISOString() });
    }
    expect((await fetch(made.json.url)).status).toBe(404);
    const listed = (await t.admin.get('/api/admin/preview-links')).json.find(
      (l: { id: string }) => l.id === made.json.id,
    );
    expect(listed.expired).toBe(true);
  });

  it('leads to the live page once the item is published', async () => {
    expect(
      (await t.admin.patch(`/api/publications/${ids.draft}`, { status: 'published' })).status,
    ).toBe(200);
    const res = await fetch(ids.draftUrl!, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/publications/embargoed-report');
  });
});
