/**
 * On real builds: publication and event pages (citation tags, JSON-LD, Cite this,
 * .ris, .ics), stable slugs with redirects, feeds, the sitemap and the search index, and an
 * embargoed publication and event that stay out of every public output until the scheduled
 * check (at an injected time) starts the build that publishes them. Outputs are read with
 * maintained parsers: node-html-parser, ical.js, rss-parser, fast-xml-parser (tests/helpers/built-pages).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import ICAL from 'ical.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPages, jsonLd, metaAll } from '../helpers/built-pages';
import { createRecord, startAdminSite, type Client } from '../helpers/admin-site';
import { setClock } from '../helpers/clock';
import { buildPages, type TestSite } from '../helpers/platform';

let site: TestSite;
let admin: Client;
let visitor: Client;
const HOUR = 3_600_000;
/** The embargo: a whole minute about an hour ahead, entered as Tokyo wall-clock time. */
const releaseAt = Math.ceil((Date.now() + HOUR) / 60_000) * 60_000;
const tokyo = format(new TZDate(releaseAt, 'Asia/Tokyo'), "yyyy-MM-dd'T'HH:mm");
const ids: Record<string, string> = {};

const { page, html, sitemapParts, sitemapLocs, feedLinks, searchUrls, ogImage } = builtPages(
  () => site.url,
);

beforeAll(async () => {
  ({
    site,
    admin,
    anon: visitor,
  } = await startAdminSite({
    pages: true,
    users: { admin: { username: 'editor', password: 'correct horse battery staple' } },
  }));
  const create = (kind: string, body: Record<string, unknown>) => createRecord(admin, kind, body);
  ids.report = await create('publications', {
    title: 'Governing Frontier AI',
    description: 'How regulators can test the most capable models before release.',
    authors: 'Mei Chen, Lena Fischer',
    date: '14 March 2025',
    type: 'Report',
    link: 'https://papers.example.org/frontier',
  });
  ids.embargoed = await create('publications', {
    title: 'Embargoed Findings',
    description: 'Out at the embargo.',
    status: 'scheduled',
    publishAt: tokyo,
    timeZone: 'Asia/Tokyo',
  });
  ids.draft = await create('publications', {
    title: 'Unfinished Draft',
    description: 'Not yet.',
    status: 'draft',
  });
  ids.summit = await create('events', {
    title: 'Frontier Safety Summit',
    description: 'Two days on evaluations.',
    eventType: 'Conference',
    startDate: '2030-06-19',
    endDate: '2030-06-20',
    startTime: '09:30',
    endTime: '17:00',
    location: 'London, United Kingdom',
    maxAttendees: 120,
    youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    imageUrl: '/images/og-default.png',
    imageAlt: 'The summit hall from the stage',
    registrationLink: 'https://tickets.example.org/summit',
  });
  ids.webinar = await create('events', {
    title: 'Embargoed Webinar',
    startDate: '2030-07-01',
    endDate: '2030-07-01',
    isVirtual: true,
    virtualLink: 'https://meet.example.org/w',
    status: 'scheduled',
    publishAt: tokyo,
    timeZone: 'Asia/Tokyo',
  });
  // A newsletter issue sent (to nobody: there are no subscribers) and a draft one.
  const issue = async (subject: string) => {
    const res = await admin.post('/api/admin/newsletter-issues', {
      subject,
      intro: 'Hello **readers**: our latest work.',
      items: [{ collection: 'publications', id: ids.report }],
      topics: [],
    });
    expect(res.status, res.text).toBe(201);
    return res.json.id as string;
  };
  ids.issue = await issue('Frontier notes');
  ids.draftIssue = await issue('Unsent notes');
  const send = await admin.post(`/api/admin/newsletter-issues/${ids.issue}/send`);
  expect(send.status, send.text).toBe(202);
  await site.platform.backgroundIdle();
  await buildPages(site);
}, 180_000);
afterAll(() => site?.close());

describe('a publication page', () => {
  it('carries Highwire citation tags, one citation_author per author', async () => {
    const doc = await html('/publications/governing-frontier-ai');
    expect(metaAll(doc, 'citation_title')).toEqual(['Governing Frontier AI']);
    expect(metaAll(doc, 'citation_author')).toEqual(['Chen, Mei', 'Fischer, Lena']);
    expect(metaAll(doc, 'citation_publication_date')).toEqual(['2025/03/14']);
    expect(metaAll(doc, 'citation_publisher')).toEqual(['Meridian Institute for AI Research']);
  });

  it('describes itself as a schema.org Report with authors, date and publisher', async () => {
    const report = jsonLd(await html('/publications/governing-frontier-ai')).find(
      (ld) => ld['@type'] === 'Report',
    );
    expect(report).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Governing Frontier AI',
      datePublished: '2025-03-14',
      author: [
        { '@type': 'Person', name: 'Mei Chen' },
        { '@type': 'Person', name: 'Lena Fischer' },
      ],
      publisher: { '@type': 'Organization', name: 'Meridian Institute for AI Research' },
      sameAs: 'https://papers.example.org/frontier',
    });
    expect(new URL(report.url).pathname).toBe('/publications/governing-frontier-ai');
  });

  it('shows the title, authors, type and a Cite this block with APA, BibTeX and an .ris download', async () => {
    const doc = await html('/publications/governing-frontier-ai');
    expect(doc.querySelector('h1')!.text).toBe('Governing Frontier AI');
    expect(doc.querySelector('[data-testid="publication-authors"]')!.text).toBe(
      'Mei Chen, Lena Fischer',
    );
    expect(doc.querySelector('[data-testid="cite-apa"]')!.text).toMatch(
      /^Chen, M\., & Fischer, L\. \(2025, March 14\)\. Governing Frontier AI \[Report\]\./,
    );
    expect(doc.querySelector('[data-testid="cite-bibtex"]')!.text).toContain(
      '@techreport{governing-frontier-ai,',
    );
    const ris = await page('/publications/governing-frontier-ai.ris');
    expect(ris.type).toContain('application/x-research-info-systems');
    expect(ris.text.split('\r\n')).toEqual(
      expect.arrayContaining([
        'TY  - RPRT',
        'TI  - Governing Frontier AI',
        'AU  - Chen, Mei',
        'AU  - Fischer, Lena',
        'PY  - 2025',
        'ER  -',
      ]),
    );
  });

  it('is where the archive cards link', async () => {
    const links = (await html('/publications'))
      .querySelectorAll('[data-testid="publication-page-link"]')
      .map((a) => a.getAttribute('href'));
    expect(links).toContain('/publications/governing-frontier-ai');
  });
});

describe('an event page', () => {
  it('carries Event JSON-LD with dates, a Place, attendance mode and status', async () => {
    const event = jsonLd(await html('/events/frontier-safety-summit')).find(
      (ld) => ld['@type'] === 'Event',
    );
    expect(event).toMatchObject({
      name: 'Frontier Safety Summit',
      // Saved without a zone: read in the site's (London, summer time).
      startDate: '2030-06-19T09:30:00+01:00',
      endDate: '2030-06-20T17:00:00+01:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'Place', name: 'London, United Kingdom' },
      maximumAttendeeCapacity: 120,
      offers: { '@type': 'Offer', url: 'https://tickets.example.org/summit' },
    });
  });

  it('shows the times, capacity, image and video entered in the admin, and the card action', async () => {
    const doc = await html('/events/frontier-safety-summit');
    expect(doc.querySelector('[data-testid="event-time"]')!.text).toBe('09:30–17:00 BST');
    expect(doc.querySelector('[data-testid="event-capacity"]')!.text).toBe('Up to 120 attendees');
    // The photo comes at the size it is shown, through the image CDN.
    const image = doc.querySelector('[data-testid="event-image"]')!;
    expect(image.getAttribute('srcset')).toContain(
      `/.netlify/images?url=${encodeURIComponent('/images/og-default.png')}&w=1600&h=900&fit=cover 1600w`,
    );
    expect(image.getAttribute('sizes')).toBeTruthy();
    expect(image.getAttribute('alt')).toBe('The summit hall from the stage');
    expect(doc.querySelector('[data-testid="event-video"]')!.getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    const action = doc.querySelector('[data-testid="event-action"]')!;
    expect([action.text.trim(), action.getAttribute('href')]).toEqual([
      'Register Now (opens in a new tab)',
      'https://tickets.example.org/summit',
    ]);
  });

  it('offers an RFC 5545 calendar file that an iCalendar parser reads back', async () => {
    const ics = await page('/events/frontier-safety-summit.ics');
    expect(ics.type).toContain('text/calendar');
    const vevent = new ICAL.Component(ICAL.parse(ics.text)).getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe('Frontier Safety Summit');
    expect(event.location).toBe('London, United Kingdom');
    expect(event.startDate.toJSDate().toISOString()).toBe('2030-06-19T08:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2030-06-20T16:00:00.000Z');
    expect(event.uid).toBe(`${ids.summit}@localhost`);
  });
});

const ogCache = () => path.join(site.dataDir, 'builds', 'cache', 'og-images');
describe('Open Graph images', () => {
  it('gives each publication and event page its own 1200×630 PNG, drawn at build time', async () => {
    for (const [pagePath, image] of [
      ['/publications/governing-frontier-ai', '/og/publications/governing-frontier-ai.png'],
      ['/events/frontier-safety-summit', '/og/events/frontier-safety-summit.png'],
    ]) {
      expect(await ogImage(pagePath!)).toBe(image);
      const res = await fetch(site.url + image);
      expect(res.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    }
    expect((await readdir(ogCache())).filter((f) => f.endsWith('.png'))).toHaveLength(2);
  });
});

describe('feeds, sitemap and head links', () => {
  it('links both feeds from the page head, and the feeds list the public items', async () => {
    const doc = await html('/');
    const alternates = doc
      .querySelectorAll('link[rel="alternate"][type="application/rss+xml"]')
      .map((l) => l.getAttribute('href'));
    expect(alternates).toEqual(['/publications/feed.xml', '/events/feed.xml']);
    expect(await feedLinks('/publications/feed.xml')).toEqual([
      '/publications/governing-frontier-ai',
    ]);
    expect(await feedLinks('/events/feed.xml')).toEqual(['/events/frontier-safety-summit']);
  });

  it('lists every page in the sitemap: an index that robots.txt names, of parts by year', async () => {
    expect((await page('/robots.txt')).text).toMatch(/^Sitemap: http\S+\/sitemap\.xml$/m);
    const parts = await sitemapParts();
    expect(parts[0]).toBe('/sitemaps/pages.xml');
    expect(
      parts.filter((p) => /^\/sitemaps\/publications-\d{4}\.xml$/.test(p)).length,
    ).toBeGreaterThan(0);
    expect(parts.filter((p) => /^\/sitemaps\/events-\d{4}\.xml$/.test(p)).length).toBeGreaterThan(
      0,
    );
    expect((await page(parts[1]!)).type).toContain('xml');
    expect(await sitemapLocs()).toEqual(
      expect.arrayContaining([
        '/',
        '/team',
        '/publications',
        '/publications/type/report',
        '/publications/governing-frontier-ai',
        '/events/frontier-safety-summit',
      ]),
    );
  });
});

describe('the newsletter archive', () => {
  const sentIssue = async () => (await admin.get(`/api/admin/newsletter-issues/${ids.issue}`)).json;

  it('lists the sent issues at /newsletter, linking each web version; drafts are left out', async () => {
    const issue = await sentIssue();
    expect(issue.status).toBe('sent');
    const doc = await html('/newsletter');
    const items = doc.querySelectorAll('[data-testid="newsletter-archive"] li');
    expect(items.map((li) => li.querySelector('a')!.text.trim())).toEqual(['Frontier notes']);
    expect(items[0]!.querySelector('a')!.getAttribute('href')).toBe(`/newsletter/${issue.slug}`);
    expect(doc.text).not.toContain('Unsent notes');
    expect(
      doc.querySelector('link[type="application/rss+xml"][href="/newsletter/feed.xml"]'),
    ).not.toBeNull();
  });

  it("renders the web version with the email's body and the signup form", async () => {
    const { slug } = await sentIssue();
    const doc = await html(`/newsletter/${slug}`);
    expect(doc.querySelector('h1')!.text.trim()).toBe('Frontier notes');
    const body = doc.querySelector('[data-testid="issue-body"]')!;
    expect(body.querySelector('strong')!.text).toBe('readers');
    expect(body.querySelector('a[href="/publications/governing-frontier-ai"]')).not.toBeNull();
    expect(doc.querySelector('#newsletter form[aria-label="Newsletter signup"]')).not.toBeNull();
    // The pages beside it are still themselves.
    expect((await page('/newsletter/unsubscribe')).status).toBe(200);
    expect((await page('/newsletter/preferences')).status).toBe(200);
  });

  it('puts the archive and each sent issue in the sitemap and the feed', async () => {
    const { slug } = await sentIssue();
    expect(await sitemapLocs()).toEqual(
      expect.arrayContaining(['/newsletter', `/newsletter/${slug}`]),
    );
    expect(await feedLinks('/newsletter/feed.xml')).toEqual([`/newsletter/${slug}`]);
  });
});

describe('drafts and embargoes', () => {
  it('keeps a draft and a scheduled item out of every public output before the release time', async () => {
    for (const path of [
      '/publications/embargoed-findings',
      '/publications/unfinished-draft',
      '/events/embargoed-webinar',
      '/publications/embargoed-findings.ris',
      '/events/embargoed-webinar.ics',
    ]) {
      expect((await page(path)).status, path).toBe(404);
    }
    const locs = await sitemapLocs();
    expect(locs.filter((p) => /embargoed|unfinished/.test(p))).toEqual([]);
    // Searched by the words of their titles: the index has no page of theirs to find.
    const found = [...(await searchUrls('embargoed')), ...(await searchUrls('unfinished draft'))];
    expect(found.filter((p) => /embargoed|unfinished/.test(p))).toEqual([]);
    expect((await feedLinks('/publications/feed.xml')).some((p) => p.includes('embargoed'))).toBe(
      false,
    );
    expect((await page('/publications')).text).not.toContain('Embargoed Findings');
    expect((await page('/')).text).not.toContain('Embargoed');
    const list = await visitor.get('/api/publications');
    expect(list.json.map((p: { title: string }) => p.title)).toEqual(['Governing Frontier AI']);
    expect((await visitor.get(`/api/publications/${ids.embargoed}`)).status).toBe(404);
    expect((await visitor.get(`/api/events/${ids.webinar}`)).status).toBe(404);
    expect((await visitor.get('/api/events')).json.map((e: { title: string }) => e.title)).toEqual([
      'Frontier Safety Summit',
    ]);
    expect(
      (await visitor.get('/api/events/upcoming')).json.map((e: { title: string }) => e.title),
    ).toEqual(['Frontier Safety Summit']);
  });

  it('lists every item for admins only, and shows what is scheduled for when', async () => {
    expect((await visitor.get('/api/publications/all')).status).toBe(401);
    expect(
      (await admin.get('/api/publications/all')).json.items.map((p: { title: string }) => p.title),
    ).toEqual(['Unfinished Draft', 'Embargoed Findings', 'Governing Frontier AI']);
    const releases = (await admin.get('/api/admin/releases')).json;
    expect(releases.upcoming.map((r: { title: string; at: string }) => [r.title, r.at])).toEqual([
      ['Embargoed Findings', new Date(releaseAt).toISOString()],
      ['Embargoed Webinar', new Date(releaseAt).toISOString()],
    ]);
  });

  it('refuses a scheduled item without a publish time', async () => {
    const res = await admin.patch(`/api/publications/${ids.draft}`, { status: 'scheduled' });
    expect(res.status).toBe(400);
    expect(res.json.fields.publishAt).toBe('A scheduled item needs a publish date and time');
  });

  it('does not rebuild before the release time', async () => {
    const calls = site.platform.hookCalls;
    await site.platform.runScheduled('release-scheduled');
    expect(site.platform.hookCalls).toBe(calls);
  });

  it('renames keep the old address as a permanent redirect, and the scheduled build publishes the embargoed items', async () => {
    const renamed = await admin.patch(`/api/publications/${ids.report}`, {
      title: 'Governing Frontier AI Models',
    });
    expect(renamed.json).toMatchObject({
      slug: 'governing-frontier-ai-models',
      previousSlugs: ['governing-frontier-ai'],
    });
    await site.platform.builder.idle();

    // Unchanged items keep their cached image: the next build does not draw it again.
    const summitImage = (await readdir(ogCache())).map((f) => path.join(ogCache(), f));
    const drawnAt = await Promise.all(
      summitImage.map(async (f) => [f, (await stat(f)).mtimeMs] as const),
    );

    // The clock passes the release time: the scheduled check starts the build, which renders for that time.
    setClock(releaseAt + 60_000);
    site.platform.builder.env.BUILD_CLOCK_MS = String(releaseAt + 60_000);
    const calls = site.platform.hookCalls;
    const check = await site.platform.runScheduled('release-scheduled');
    expect(await check.json()).toMatchObject({ rebuilt: true });
    expect(site.platform.hookCalls).toBe(calls + 1);
    await site.platform.builder.idle();

    const moved = await page('/publications/governing-frontier-ai');
    expect([moved.status, moved.location]).toEqual([
      301,
      '/publications/governing-frontier-ai-models',
    ]);
    expect((await page('/publications/governing-frontier-ai.ris')).location).toBe(
      '/publications/governing-frontier-ai-models.ris',
    );
    expect(
      metaAll(await html('/publications/governing-frontier-ai-models'), 'citation_title'),
    ).toEqual(['Governing Frontier AI Models']);

    expect((await html('/publications/embargoed-findings')).querySelector('h1')!.text).toBe(
      'Embargoed Findings',
    );
    expect((await html('/events/embargoed-webinar')).querySelector('h1')!.text).toBe(
      'Embargoed Webinar',
    );
    expect(await sitemapLocs()).toEqual(
      expect.arrayContaining(['/publications/embargoed-findings', '/events/embargoed-webinar']),
    );
    expect(await searchUrls('embargoed')).toEqual(
      expect.arrayContaining(['/publications/embargoed-findings', '/events/embargoed-webinar']),
    );
    expect(await feedLinks('/publications/feed.xml')).toContain('/publications/embargoed-findings');
    expect((await page('/publications')).text).toContain('Embargoed Findings');
    expect((await page('/publications/unfinished-draft')).status).toBe(404);
    expect(
      (await visitor.get('/api/publications')).json.map((p: { title: string }) => p.title),
    ).toEqual(['Embargoed Findings', 'Governing Frontier AI Models']);
    expect((await visitor.get(`/api/events/${ids.webinar}`)).status).toBe(200);

    // The summit's image was not drawn again; the renamed report and the released items got theirs.
    for (const [file, mtime] of drawnAt) {
      if ((await readdir(ogCache())).includes(path.basename(file)))
        expect((await stat(file)).mtimeMs).toBe(mtime);
    }
    expect((await readdir(ogCache())).filter((f) => f.endsWith('.png'))).toHaveLength(5);
    expect(await ogImage('/publications/embargoed-findings')).toBe(
      '/og/publications/embargoed-findings.png',
    );

    // One build per release: the next check asks for nothing.
    await site.platform.runScheduled('release-scheduled');
    expect(site.platform.hookCalls).toBe(calls + 1);
  }, 180_000);
});
