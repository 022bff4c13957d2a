/**
 * Releases on real builds: an editor groups a draft publication, a draft event and a new hero
 * title into one release with one time. Before the time every public output is unchanged; the
 * scheduled check at the time (an injected clock) starts one build that shows all of them
 * together, and a private link previews the whole release beforehand. (Rescheduling, cancelling
 * and the check: releases-edit.test.ts, on a site that builds nothing.)
 */
import { formatDateTime } from '../../src/lib/date-style';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPages } from '../helpers/built-pages';
import { createRecord, startAdminSite, type Client } from '../helpers/admin-site';
import { setClock } from '../helpers/clock';
import { buildPages, type TestSite } from '../helpers/platform';

let site: TestSite;
let editor: Client;
let visitor: Client;
const HOUR = 3_600_000;
/** The release: a whole minute about two hours ahead, entered as New York wall-clock time. */
const releaseAt = Math.ceil((Date.now() + 2 * HOUR) / 60_000) * 60_000;
const local = (at: number, zone = 'America/New_York') =>
  format(new TZDate(at, zone), "yyyy-MM-dd'T'HH:mm");
const HERO = 'The AI Safety Index 2027';
const ids: Record<string, string> = {};

const { page, html, sitemapLocs, searchUrls } = builtPages(() => site.url);
const heroTitle = async () => (await html('/')).querySelector('#hero-title')!.text.trim();
const item = async (kind: string, id: string) => (await editor.get(`/api/${kind}/all/${id}`)).json;

beforeAll(async () => {
  ({
    site,
    viewer: editor,
    anon: visitor,
  } = await startAdminSite({
    pages: true,
    users: { viewer: { username: 'riley', password: 'correct horse battery staple' } },
  }));
  const create = (kind: string, body: Record<string, unknown>) => createRecord(editor, kind, body);
  ids.report = await create('publications', {
    title: 'Launch Report',
    description: 'The findings.',
    authors: 'Mei Chen',
    date: 'May 2027',
    status: 'draft',
  });
  ids.event = await create('events', {
    title: 'Launch Webinar',
    description: 'The authors present.',
    startDate: '2030-07-01',
    endDate: '2030-07-01',
    isVirtual: true,
    virtualLink: 'https://meet.example.org/w',
    status: 'draft',
  });
  ids.other = await create('publications', {
    title: 'Other Draft',
    description: 'Not in it.',
    status: 'draft',
  });
  const made = await editor.post('/api/admin/releases', {
    name: 'Spring launch',
    publishAt: local(releaseAt),
    timeZone: 'America/New_York',
    items: [
      { collection: 'publications', id: ids.report },
      { collection: 'events', id: ids.event },
    ],
    texts: { heroTitle: HERO },
  });
  expect(made.status, made.text).toBe(201);
  ids.release = made.json.id;
  await buildPages(site);
}, 240_000);
afterAll(() => site?.close());

describe('a new release', () => {
  it('schedules its items for its time, and records who made it', async () => {
    for (const [kind, id] of [
      ['publications', ids.report],
      ['events', ids.event],
    ] as const) {
      expect(await item(kind, id!)).toMatchObject({
        status: 'scheduled',
        publishAt: local(releaseAt),
        timeZone: 'America/New_York',
      });
    }
    const release = (await editor.get(`/api/admin/releases/${ids.release}`)).json;
    expect(release).toMatchObject({
      name: 'Spring launch',
      status: 'scheduled',
      at: new Date(releaseAt).toISOString(),
      createdBy: 'riley',
      problems: [],
    });
    expect(release.log).toEqual([expect.objectContaining({ user: 'riley', action: 'create' })]);
    const history = (await editor.get('/api/admin/history')).json;
    const entries = (Array.isArray(history) ? history : history.items) as {
      target: string;
      user: string;
    }[];
    expect(entries.find((e) => e.target === `releases/${ids.release}`)).toMatchObject({
      user: 'riley',
    });
  });

  it('shows in the publish tracker with its items, soonest first', async () => {
    const got = (await editor.get('/api/admin/releases')).json;
    expect(got.releases.map((r: { name: string }) => r.name)).toEqual(['Spring launch']);
    expect(
      got.upcoming.map((u: { title: string; release: string }) => [u.title, u.release]),
    ).toEqual(
      expect.arrayContaining([
        ['Launch Report', 'Spring launch'],
        ['Launch Webinar', 'Spring launch'],
      ]),
    );
    expect((await visitor.get('/api/admin/releases')).status).toBe(401);
  });
});

describe('before its time', () => {
  it('leaves the live site unchanged: no page, sitemap or search entry, API answer or new hero', async () => {
    expect((await page('/publications/launch-report')).status).toBe(404);
    expect((await page('/events/launch-webinar')).status).toBe(404);
    expect((await sitemapLocs()).filter((p) => p.includes('launch'))).toEqual([]);
    expect((await searchUrls('launch')).filter((p) => p.includes('launch'))).toEqual([]);
    expect(await heroTitle()).not.toBe(HERO);
    expect((await visitor.get('/api/site-settings')).json.heroTitle).not.toBe(HERO);
    expect((await visitor.get(`/api/publications/${ids.report}`)).status).toBe(404);
  });

  it('can be previewed as a whole through a private link: its text changes and each item as its page will look', async () => {
    const made = await editor.post(`/api/admin/releases/${ids.release}/preview-link`, {});
    expect(made.status, made.text).toBe(201);
    ids.previewUrl = made.json.url;
    const res = await fetch(made.json.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toMatch(/noindex/);
    const doc = parse(await res.text());
    expect(doc.querySelector('[data-testid="preview-band"]')!.text).toContain(
      `embargoed until ${formatDateTime(releaseAt, 'America/New_York')} (America/New_York)`,
    );
    expect(doc.querySelectorAll('[data-testid="release-text"]').map((d) => d.text)).toEqual([HERO]);
    const links = doc.querySelectorAll('[data-testid="release-item"] a');
    expect(links.map((a) => a.text)).toEqual(['Launch Report', 'Launch Webinar']);
    const report = await fetch(new URL(links[0]!.getAttribute('href')!, site.url));
    expect(report.status).toBe(200);
    expect(parse(await report.text()).querySelector('h1')!.text).toBe('Launch Report');
    // The link opens this release's items only.
    expect((await fetch(`${made.json.url}/publications/${ids.other}`)).status).toBe(404);
    expect((await sitemapLocs()).filter((p) => p.startsWith('/preview'))).toEqual([]);
  });
});

describe('at its time', () => {
  it('one scheduled build publishes the publication, the event and the hero text together', async () => {
    setClock(releaseAt + 60_000);
    site.platform.builder.env.BUILD_CLOCK_MS = String(releaseAt + 60_000);
    const calls = site.platform.hookCalls;
    const check = await site.platform.runScheduled('release-scheduled');
    expect(await check.json()).toMatchObject({ rebuilt: true });
    expect(site.platform.hookCalls).toBe(calls + 1);
    await site.platform.builder.idle();

    expect((await html('/publications/launch-report')).querySelector('h1')!.text).toBe(
      'Launch Report',
    );
    expect((await html('/events/launch-webinar')).querySelector('h1')!.text).toBe('Launch Webinar');
    expect(await heroTitle()).toBe(HERO);
    expect(await sitemapLocs()).toEqual(
      expect.arrayContaining(['/publications/launch-report', '/events/launch-webinar']),
    );
    // The texts are now the settings' own, so a later edit is not overridden by the release.
    expect((await visitor.get('/api/site-settings')).json.heroTitle).toBe(HERO);
    const release = (await editor.get(`/api/admin/releases/${ids.release}`)).json;
    expect(release.status).toBe('released');
    expect(release.log.at(-1)).toMatchObject({ action: 'release' });
    // The release's preview link leads to the live site now.
    const preview = await fetch(ids.previewUrl!, { redirect: 'manual' });
    expect([preview.status, preview.headers.get('location')]).toEqual([302, '/']);

    // One build per release: the next check asks for nothing.
    await site.platform.runScheduled('release-scheduled');
    expect(site.platform.hookCalls).toBe(calls + 1);
  }, 180_000);
});
