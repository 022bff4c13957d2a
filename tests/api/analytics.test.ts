/**
 * First-party counting: beacons and server-side events show in today's figures at once and in the
 * daily aggregates after the rollup; visitors asking not to be counted and robots are not; a path
 * that is not a page is refused; nothing stored holds an address, a user agent or a cookie; the
 * rollup run twice counts once; reads cost the days shown; concurrent beacons are all counted.
 */
import { getStore } from '@netlify/blobs';
import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { HitKind } from '../../src/schemas/analytics';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countBlobCalls, holdFirstCall } from '../helpers/blobs-counter';
import { startAdminSite, type Session } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AnalyticsTest/7.7 Chrome/140.0 Safari/537.36';
const COOKIE = 'tracking-test-cookie=c00k13-v4lu3';

let site: TestSite;
let admin: Session;
let rollup: typeof import('../../src/server/visitors/analytics-rollup');
beforeAll(async () => {
  ({ site, admin } = await startAdminSite({ seed: true }));
  rollup = await import('../../src/server/visitors/analytics-rollup');
});
afterAll(() => site.close());

const store = () => getStore({ name: 'analytics', consistency: 'strong' });
async function emptyStore() {
  for (const { key } of (await store().list()).blobs) await store().delete(key);
}
beforeEach(emptyStore);

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** Sends a beacon as a browser does (text/plain), and waits for the work after the answer. */
async function beacon(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await client(site.url).post('/api/hit', JSON.stringify(body), {
    'Content-Type': 'text/plain;charset=UTF-8',
    'User-Agent': UA,
    Cookie: COOKIE,
    ...headers,
  });
  await site.platform.backgroundIdle();
  return res;
}
const report = async (from = today(), to = today()) => {
  const res = await admin.get(`/api/admin/analytics?from=${from}&to=${to}`);
  expect(res.status).toBe(200);
  return res.json as import('../../src/schemas/analytics').AnalyticsReport;
};
const viewsToday = async () => (await report()).days.at(-1)!.views;
/** Rolls up as the scheduled function does a few minutes from now (every minute so far is finished). */
const rollUp = () => rollup.rollUpHits(Date.now() + 3 * 60_000);

describe('counting', () => {
  it('counts a page view, its referrer host and newsletter issue at once, and in the day after the rollup', async () => {
    const res = await beacon({
      path: '/publications',
      referrer: 'News.Example.org',
      ref: 'issue-12',
    });
    expect(res.status).toBe(204);
    await beacon({ path: '/team/' });
    await beacon({ path: '/publications/some-report/figures/2' });
    const now = await report();
    expect(now.days).toEqual([{ date: today(), views: 3 }]);
    expect(now.pages).toEqual([
      { path: '/publications', views: 1 },
      { path: '/publications/some-report/figures/2', views: 1 },
      { path: '/team', views: 1 },
    ]);
    expect(now.referrers).toEqual([{ host: 'news.example.org', views: 1 }]);
    expect(now.newsletter).toEqual([{ issue: 'issue-12', views: 1 }]);

    const result = await rollUp();
    expect(result.folded).toBe(3);
    expect((await store().list({ prefix: 'tallies/' })).blobs).toHaveLength(0);
    expect(await report()).toEqual(now);
  });

  it('counts files as they are served, through the edge, and server-side events (preview opens, signups by page)', async () => {
    const { storePdf } = await import('../../src/server/content/uploads');
    const pdfPath = await storePdf({
      bytes: new TextEncoder().encode('%PDF-1.4\n%%EOF\n'),
      fileName: 'report.pdf',
    });
    const download = async (headers: Record<string, string> = {}) => {
      const res = await fetch(site.url + pdfPath, { headers: { 'User-Agent': UA, ...headers } });
      await res.arrayBuffer();
      await site.platform.backgroundIdle();
      return res;
    };
    // An uploaded PDF is answered by a function behind the edge: each download counts once; one
    // asking not to be counted does not.
    expect((await download({ Referer: 'https://news.example.org/story' })).status).toBe(200);
    expect((await download()).status).toBe(200);
    expect((await download({ 'Sec-GPC': '1' })).status).toBe(200);
    expect((await fetch(`${site.url}/api/uploads/${'0'.repeat(64)}.pdf`)).status).toBe(404);
    await site.platform.backgroundIdle();
    // Reports of the files the CDN serves itself, posted as the edge posts them. Unsigned, the
    // address named is only ignored (the throttle, off here, takes the poster's own: see below).
    const fileHit = async (path: string) => {
      const res = await client(site.url).post(
        '/api/hit/file',
        { path },
        { 'User-Agent': UA, 'X-Counted-Client': '192.0.2.7' },
      );
      await site.platform.backgroundIdle();
      return res;
    };
    for (const path of [
      '/publications/some-report.ris',
      '/events/launch.ics',
      '/publications/feed.xml',
      '/research/governance/feed.xml',
    ])
      expect((await fileHit(path)).status, path).toBe(204);
    for (const path of ['/publications/some-report', '/pdf/x.pdf', '/events/feed.rss'])
      expect((await fileHit(path)).status, path).toBe(400);
    const signup = await client(site.url).post(
      '/api/newsletter',
      { email: `reader-${Date.now()}@example.org`, page: '/publications/some-report' },
      { 'User-Agent': UA },
    );
    expect(signup.status).toBe(201);
    await site.platform.backgroundIdle();
    const now = await report();
    expect(now.downloads).toEqual([
      { kind: 'pdf', path: pdfPath, count: 2 },
      { kind: 'citation', path: '/publications/some-report.ris', count: 1 },
      { kind: 'ics', path: '/events/launch.ics', count: 1 },
      { kind: 'feed', path: '/publications/feed.xml', count: 1 },
      { kind: 'feed', path: '/research/governance/feed.xml', count: 1 },
      { kind: 'signup', path: '/publications/some-report', count: 1 },
    ]);
    await rollUp();
    expect((await report()).downloads).toEqual(now.downloads);
  });

  describe('files the CDN serves, through the edge', () => {
    const PDF = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    const PDF_PATH = '/pdf/edge-test/report.pdf';
    beforeAll(async () => {
      // A deploy holding the file, served as the platform serves its last build after a restart.
      const deploy = path.join(site.dataDir, 'builds', 'edge-test');
      await mkdir(path.join(deploy, path.dirname(PDF_PATH)), { recursive: true });
      await writeFile(path.join(deploy, PDF_PATH), PDF);
      await writeFile(path.join(site.dataDir, 'builds', 'current'), 'edge-test');
      expect(await site.platform.builder.restore()).toBe(true);
    });

    /**
     * A GET from `from` (a loopback address of its own, so the edge sees another client than the
     * one the test posts from), with the work after the answer done.
     */
    const download = async (headers: Record<string, string> = {}, from = '127.0.0.2') => {
      const { hostname, port, host } = new URL(site.url);
      const answer = await new Promise<{
        status: number;
        headers: http.IncomingHttpHeaders;
        body: Buffer;
      }>((resolve, reject) => {
        const req = http.get(
          {
            host: hostname === 'localhost' ? '127.0.0.1' : hostname,
            port,
            path: PDF_PATH,
            localAddress: from,
            headers: { Host: host, 'User-Agent': UA, ...headers },
          },
          (res) => {
            const parts: Buffer[] = [];
            res.on('data', (b: Buffer) => parts.push(b));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                headers: res.headers,
                body: Buffer.concat(parts),
              }),
            );
          },
        );
        req.on('error', reject);
      });
      await site.platform.backgroundIdle();
      return answer;
    };
    const pdfCount = async () =>
      (await report()).downloads.find((d) => d.path === PDF_PATH)?.count ?? 0;

    it('counts a range from byte 0 once, and never a later range, a 304 or a 416', async () => {
      const first = await download({ Range: 'bytes=0-99' });
      expect(first.status).toBe(206);
      expect(first.headers['content-range']).toBe('bytes 0-99/1000');
      expect(first.body.equals(PDF.subarray(0, 100))).toBe(true);
      expect(await pdfCount()).toBe(1);
      // The rest of the same download, as a PDF viewer asks for it.
      const rest = await download({ Range: 'bytes=100-' });
      expect(rest.status).toBe(206);
      expect(rest.body.equals(PDF.subarray(100))).toBe(true);
      expect((await download({ Range: 'bytes=500-599' })).status).toBe(206);
      expect(await pdfCount()).toBe(1);
      // A reader's cache asking whether the file changed, and a range past the end.
      const etag = first.headers.etag!;
      expect((await download({ 'If-None-Match': etag })).status).toBe(304);
      expect((await download({ 'If-None-Match': etag, Range: 'bytes=0-99' })).status).toBe(304);
      expect((await download({ Range: 'bytes=1000-' })).status).toBe(416);
      expect(await pdfCount()).toBe(1);
      // The whole file is a download too.
      const whole = await download();
      expect(whole.status).toBe(200);
      expect(whole.body.equals(PDF)).toBe(true);
      expect(await pdfCount()).toBe(2);
    });

    it("throttles a report on the downloader the edge names only when the edge signed it; anyone else's on their own address", async () => {
      const { assertBeaconAllowed, sweepBeaconThrottle } =
        await import('../../src/server/auth/throttle');
      const { siteSecret } = await import('../../src/server/storage/site-secret');
      const { REPORT_SECRET, signReport } =
        await import('../../src/server/visitors/download-report');
      const secret = await siteSecret(REPORT_SECRET);
      const before = process.env.PUBLIC_POST_LIMIT;
      process.env.PUBLIC_POST_LIMIT = '20';
      try {
        // This address (the test's, and the edge's own when it reports) has used up its beacons.
        for (let i = 0; i < 300; i += 30)
          await Promise.all(Array.from({ length: 30 }, () => assertBeaconAllowed('127.0.0.1')));
        await expect(assertBeaconAllowed('127.0.0.1')).rejects.toThrow(/Too many/);

        // The edge reports from 127.0.0.1 but signs the downloader's address: counted.
        expect((await download({}, '127.0.0.2')).status).toBe(200);
        expect(await pdfCount()).toBe(1);

        // Posting directly and naming another address, unsigned or signed wrongly: throttled on
        // the poster's own address, so not counted.
        const post = async (path: string, headers: Record<string, string>) => {
          const res = await client(site.url).post(
            '/api/hit/file',
            { path },
            { 'User-Agent': UA, ...headers },
          );
          expect(res.status).toBe(204);
          await site.platform.backgroundIdle();
        };
        const ics = '/events/launch.ics';
        const signed = (client: string, path: string, at?: number) =>
          signReport(secret, { client, path, referrer: '' }, at);
        await post(ics, { 'X-Counted-Client': '192.0.2.7' });
        await post(ics, {
          'X-Counted-Client': '192.0.2.8',
          'X-Counted-Signature': `${Date.now()}.${'0'.repeat(64)}`,
        });
        // A signature of another file, of another address, or too old.
        await post(ics, {
          'X-Counted-Client': '192.0.2.9',
          'X-Counted-Signature': await signed('192.0.2.9', PDF_PATH),
        });
        await post(ics, {
          'X-Counted-Client': '192.0.2.10',
          'X-Counted-Signature': await signed('192.0.2.9', ics),
        });
        await post(ics, {
          'X-Counted-Client': '192.0.2.11',
          'X-Counted-Signature': await signed('192.0.2.11', ics, Date.now() - 10 * 60_000),
        });
        let downloads = (await report()).downloads;
        expect(downloads.find((d) => d.path === ics)).toBeUndefined();
        // Signed with the site's secret, as the edge signs: counted.
        await post(ics, {
          'X-Counted-Client': '192.0.2.12',
          'X-Counted-Signature': await signed('192.0.2.12', ics),
        });
        downloads = (await report()).downloads;
        expect(downloads.find((d) => d.path === ics)?.count).toBe(1);
      } finally {
        process.env.PUBLIC_POST_LIMIT = before;
        await sweepBeaconThrottle(Date.now() + 11 * 60_000);
      }
    });
  });

  it('page beacons count views only: a beacon naming a kind, as older pages sent for downloads, is refused', async () => {
    expect((await beacon({ path: '/pdf/abc/report.pdf', kind: 'pdf' })).status).toBe(400);
    expect((await store().list()).blobs).toHaveLength(0);
  });

  it('does not count Sec-GPC, DNT or robots (204, nothing stored), and refuses paths that are not pages', async () => {
    const asks: Record<string, string>[] = [
      { 'Sec-GPC': '1' },
      { DNT: '1' },
      { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'User-Agent': 'curl/8.5.0' },
    ];
    for (const headers of asks) expect((await beacon({ path: '/' }, headers)).status).toBe(204);
    expect((await store().list()).blobs).toHaveLength(0);
    for (const path of ['/admin', '/wp-login.php', '/api/hit', '/login', 'https://evil.example/']) {
      const res = await beacon({ path });
      expect(res.status, path).toBe(400);
      expect(res.json.message).toBeTruthy();
    }
    expect((await store().list()).blobs).toHaveLength(0);
  });

  it('stores no address, user agent or cookie anywhere under analytics', async () => {
    await beacon({ path: '/', referrer: 'example.org', ref: 'may' });
    await beacon({ path: '/privacy' });
    await client(site.url).post(
      '/api/hit/file',
      { path: '/events/feed.xml' },
      { 'User-Agent': UA, Cookie: COOKIE, 'X-Counted-Client': '192.0.2.7' },
    );
    await site.platform.backgroundIdle();
    const texts: string[] = [];
    /** Every key under analytics and its value as stored now. */
    const readAll = async () => {
      const { blobs } = await store().list();
      for (const { key } of blobs) {
        // Earlier versions kept the hit inside a key: decode any such tail too.
        const tail = key.split('.').at(-1) ?? '';
        texts.push(key, Buffer.from(tail, 'base64url').toString('utf8'));
        const value = await store().get(key, { type: 'text' });
        if (value !== null) texts.push(value);
      }
      return blobs.length;
    };
    // The tallies (both hits may share one), then the day they are folded into.
    expect(await readAll()).toBeGreaterThan(0);
    expect(texts.join('\n')).toContain('/privacy');
    await rollUp();
    expect(await readAll()).toBe(1);
    const all = texts.join('\n');
    for (const secret of [
      UA,
      'AnalyticsTest',
      '127.0.0.1',
      '::1',
      '192.0.2.7',
      'c00k13-v4lu3',
      'tracking-test',
    ])
      expect(all).not.toContain(secret);
  });

  it('a rollup run twice, or one that died after sealing or after adding, counts every hit once', async () => {
    for (let i = 0; i < 5; i++) await beacon({ path: '/accessibility' });
    const tallies = async () => (await store().list({ prefix: 'tallies/' })).blobs.length;
    const sealed = await tallies();
    expect(sealed).toBeGreaterThan(0);
    const counter = await countBlobCalls();
    try {
      // Dies after sealing the tallies, before adding them to the day: nothing is counted twice or lost.
      counter.refuseWrite = (call) => call.startsWith('PUT') && call.includes('/days/');
      await expect(rollUp()).rejects.toThrow();
      expect(await viewsToday()).toBe(5);
      // Dies after adding them to the day, before deleting them: they are not counted again.
      counter.refuseWrite = (call) => call.startsWith('DELETE') && call.includes('/tallies/');
      await expect(rollUp()).rejects.toThrow();
      expect(await tallies()).toBe(sealed);
      expect(await viewsToday()).toBe(5);
      // A beacon that lands meanwhile never adds to a sealed tally (this minute's are sealed here):
      // it is counted in a tally of its own.
      counter.refuseWrite = null;
      for (let i = 0; i < 3; i++) await beacon({ path: '/accessibility' });
      expect(await viewsToday()).toBe(8);
    } finally {
      await counter.close();
    }
    expect((await rollUp()).folded).toBe(3);
    await rollUp();
    expect(await tallies()).toBe(0);
    expect(await viewsToday()).toBe(8);
    const { ANALYTICS_KEYS } = await import('../../src/server/storage/keys');
    const day = (await store().get(ANALYTICS_KEYS.day(today()), { type: 'json' })) as {
      pending: object;
    };
    expect(day.pending).toEqual({});
    // The scheduled function itself runs (nothing of this minute is due yet).
    const run = await site.platform.runScheduled('analytics-rollup');
    expect(run.status).toBe(200);
  });

  it('two rollups at once (Netlify starting one while the last still runs) count every hit once', async () => {
    for (let i = 0; i < 5; i++) await beacon({ path: '/accessibility' });
    // The first run waits before it adds to the day; the second runs whole meanwhile.
    const hold = holdFirstCall((call) => /^PUT .*:analytics\/days\//.test(call));
    const counter = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const first = rollUp();
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      await rollUp();
      hold.release();
      await first;
    } finally {
      hold.release();
      await counter.close();
    }
    await rollUp();
    expect(await viewsToday()).toBe(5);
    expect((await store().list({ prefix: 'tallies/' })).blobs).toEqual([]);
  });

  it('still counts and folds hits that earlier versions stored as a key each', async () => {
    const minute = new Date().toISOString().slice(0, 16);
    const legacy = (id: string, hit: unknown[]) =>
      `shards/${minute}/${id}.${Buffer.from(JSON.stringify(hit)).toString('base64url')}`;
    await store().set(legacy('a1', ['view', '/team', 'example.org', '']), '');
    await store().set(legacy('a2', ['pdf', '/pdf/abc/report.pdf', '', '']), '');
    await beacon({ path: '/team', referrer: 'example.org' });
    const now = await report();
    expect(now.pages).toEqual([{ path: '/team', views: 2 }]);
    expect(now.downloads).toEqual([{ kind: 'pdf', path: '/pdf/abc/report.pdf', count: 1 }]);
    expect((await rollUp()).folded).toBe(3);
    expect((await store().list()).blobs.map((b) => b.key)).toEqual([`days/${today()}`]);
    expect(await report()).toEqual(now);
  });

  it('reads for 90 days cost the same Blobs calls with 3 or 300 hits stored', async () => {
    const cost = async () => {
      await rollUp();
      const counter = await countBlobCalls();
      try {
        const { count } = await counter.during(() => report(daysAgo(89), today()));
        return count;
      } finally {
        await counter.close();
      }
    };
    for (let i = 0; i < 3; i++) await beacon({ path: '/' });
    const small = await cost();
    const { storeHit } = await import('../../src/server/visitors/analytics-hits');
    await Promise.all(
      Array.from({ length: 297 }, (_, i) =>
        storeHit({ kind: 'view', path: `/team/member-${i % 40}`, host: '', ref: '' }),
      ),
    );
    const large = await cost();
    expect(large).toBe(small);
    // The days shown, the settings and session checks, and today's listing: not the hits.
    expect(large).toBeLessThanOrEqual(90 + 10);
    expect(await viewsToday()).toBe(300);
  });

  it('counts 5,000 beacons from 50 concurrent clients, none lost', async () => {
    const { default: hit } = await import('../../netlify/functions/hit');
    const pending: Promise<unknown>[] = [];
    const send = (client: number) =>
      hit(
        new Request(`${site.url}/api/hit`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain', 'User-Agent': UA },
          body: JSON.stringify({ path: `/team/m${client % 7}` }),
        }),
        { ip: `10.0.0.${client}`, waitUntil: (p) => pending.push(p) },
      );
    await Promise.all(
      Array.from({ length: 50 }, async (_, c) => {
        for (let i = 0; i < 100; i++) expect((await send(c)).status).toBe(204);
      }),
    );
    await Promise.all(pending);
    expect(await viewsToday()).toBe(5000);
    await rollUp();
    expect(await viewsToday()).toBe(5000);
  }, 120_000);

  it('stores nothing while counting is turned off in the site settings', async () => {
    expect((await admin.patch('/api/site-settings', { countVisits: false })).status).toBe(200);
    try {
      expect((await beacon({ path: '/' })).status).toBe(204);
      expect((await store().list()).blobs).toHaveLength(0);
    } finally {
      await admin.patch('/api/site-settings', { countVisits: true });
    }
  });

  it('answers a CSV of the same figures, and only to signed-in editors', async () => {
    await beacon({ path: '/privacy', referrer: 'example.net' });
    const csv = await admin.get(`/api/admin/analytics?from=${today()}&to=${today()}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.text).toContain('section,key,kind,count');
    expect(csv.text).toContain(`day,${today()},view,1`);
    expect(csv.text).toContain('page,/privacy,view,1');
    expect(csv.text).toContain('referrer,example.net,view,1');
    expect(
      (await client(site.url).get(`/api/admin/analytics?from=${today()}&to=${today()}`)).status,
    ).toBe(401);
    const bad = await admin.get('/api/admin/analytics?from=2026-13-01&to=2026-01-01');
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toBeTruthy();
  });

  it("shows a publication's impact: views, downloads, referrers and issues, beside the previous one", async () => {
    const latest = (await admin.get('/api/admin/analytics/publications/latest')).json
      .ids as string[];
    expect(latest.length).toBeGreaterThan(0);
    const p = (await admin.get(`/api/publications/all/${latest[0]}`)).json as {
      id: string;
      slug: string;
      pdf: string;
    };
    const page = `/publications/${p.slug}`;
    await beacon({ path: page, referrer: 'news.example.org', ref: 'issue-7' });
    await beacon({ path: page });
    await client(site.url).post('/api/hit/file', { path: `${page}.ris` }, { 'User-Agent': UA });
    await site.platform.backgroundIdle();
    await rollUp();
    await beacon({ path: page, ref: 'issue-7' });
    const res = await admin.get(`/api/admin/analytics/publications/${p.id}`);
    expect(res.status).toBe(200);
    const impact = res.json as import('../../src/schemas/analytics').PublicationImpact;
    expect(impact.path).toBe(page);
    expect(impact.totals).toMatchObject({ views: 3, citation: 1 });
    expect(impact.days.at(-1)).toEqual({ date: today(), views: 3 });
    expect(impact.referrers).toEqual([{ host: 'news.example.org', views: 1 }]);
    expect(impact.newsletter).toEqual([{ issue: 'issue-7', views: 2 }]);
    if (impact.publishedOn >= daysAgo(6)) expect(impact.first7.views).toBe(3);
    expect((await admin.get('/api/admin/analytics/publications/no-such-id')).status).toBe(404);
  });

  it("the privacy notice's default says what the beacon sends and the aggregates keep, and no more", async () => {
    const { SETTINGS_DEFAULTS } = await import('../../src/schemas/site-settings-defaults');
    const { beaconSchema, hitSchema } = await import('../../src/schemas/analytics');
    const notice = SETTINGS_DEFAULTS.privacyAnalyticsDescription;
    // Each field the beacon may send, and each kind counted, is named in the notice.
    const sentFields: Record<string, string> = {
      path: 'the address of the page',
      referrer: 'the name of the website whose link brought you (not the link itself)',
      ref: 'which issue it was',
    };
    expect(Object.keys(beaconSchema.shape).sort()).toEqual(Object.keys(sentFields).sort());
    for (const phrase of Object.values(sentFields)) expect(notice).toContain(phrase);
    const kinds: Record<HitKind, string> = {
      view: 'For each page view',
      pdf: 'downloads of reports',
      citation: 'citation files',
      ics: 'calendar files',
      feed: 'feeds as our site serves them',
      preview: 'preview links opened',
      signup: 'newsletter signups by the page they came from',
    };
    for (const phrase of Object.values(kinds)) expect(notice).toContain(phrase);
    for (const never of [
      'IP address',
      'user agent',
      'cookies',
      'Global Privacy Control',
      'Do Not Track',
    ])
      expect(notice).toContain(never);
    // What is stored holds those four fields and a count, nothing else.
    expect(Object.keys(hitSchema.shape).sort()).toEqual(['host', 'kind', 'path', 'ref']);
    await beacon({ path: '/', referrer: 'example.com', ref: 'june' });
    await rollUp();
    const { ANALYTICS_KEYS } = await import('../../src/server/storage/keys');
    const day = (await store().get(ANALYTICS_KEYS.day(today()), { type: 'json' })) as {
      date: string;
      cells: Record<string, number>;
      pending: object;
    };
    expect(Object.keys(day).sort()).toEqual(['cells', 'date', 'pending']);
    expect(day.cells).toEqual({ ['view\t/\texample.com\tjune']: 1 });
    expect((await store().list()).blobs.map((b) => b.key)).toEqual([ANALYTICS_KEYS.day(today())]);
  });

  it('throttles beacons per client under a keyed hash of the address, swept once expired', async () => {
    const before = process.env.PUBLIC_POST_LIMIT;
    process.env.PUBLIC_POST_LIMIT = '20';
    try {
      expect((await beacon({ path: '/' })).status).toBe(204);
      expect(await viewsToday()).toBe(1);
      const throttle = getStore({ name: 'throttle', consistency: 'strong' });
      const keys = (await throttle.list({ prefix: 'beacon/' })).blobs.map((b) => b.key);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(/^beacon\/[0-9a-f]{32}\/\d+-/);
      expect(keys[0]).not.toContain('127.0.0.1');
      const { sweepBeaconThrottle } = await import('../../src/server/auth/throttle');
      expect(await sweepBeaconThrottle(Date.now())).toBe(0);
      expect(await sweepBeaconThrottle(Date.now() + 11 * 60_000)).toBe(1);
      expect((await throttle.list({ prefix: 'beacon/' })).blobs).toHaveLength(0);
    } finally {
      process.env.PUBLIC_POST_LIMIT = before;
    }
  });
});
