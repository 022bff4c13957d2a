import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaticSite } from '../../scripts/platform/static';

// The local platform answers byte ranges of the deploy's files as Netlify's CDN does, and no more
// kindly: one range, 416 past the end, the whole file for anything else.
const PDF = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const FEED = `<?xml version="1.0"?><rss>${'<item>news</item>'.repeat(100)}</rss>`;

let dir: string;
let server: http.Server;
let base: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'static-ranges-'));
  await mkdir(path.join(dir, 'pdf', 'report'), { recursive: true });
  await writeFile(path.join(dir, 'pdf', 'report', 'report.pdf'), PDF);
  await writeFile(path.join(dir, 'feed.xml'), FEED);
  await writeFile(path.join(dir, 'empty.txt'), '');
  await writeFile(path.join(dir, '404.html'), '<p>Not here</p>');
  const site = await new StaticSite(dir).init();
  server = http.createServer((req, res) => {
    void site.serve(req, res, new URL(req.url ?? '/', 'http://x').pathname);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const get = async (p: string, headers: Record<string, string> = {}, method = 'GET') => {
  const res = await fetch(base + p, { method, headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
};

describe("the local CDN's byte ranges", () => {
  it('answers one range with 206, its bytes and Content-Range, from the start, the middle or the end', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=0-', 0, 999],
      ['bytes=500-', 500, 999],
      ['bytes=990-5000', 990, 999],
      ['bytes=-10', 990, 999],
      ['bytes=-5000', 0, 999],
      [' bytes=7-7 ', 7, 7],
    ];
    for (const [range, start, end] of cases) {
      const { res, body } = await get('/pdf/report/report.pdf', { Range: range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/1000`);
      expect(res.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(res.headers.get('content-type'), range).toBe('application/pdf');
      expect(body.equals(PDF.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('sends the part of the file as it is, never of its compressed form', async () => {
    const { res, body } = await get('/feed.xml', {
      Range: 'bytes=0-20',
      'Accept-Encoding': 'br, gzip',
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(body.toString()).toBe(FEED.slice(0, 21));
    // Without a range the same client gets the file compressed.
    const whole = await get('/feed.xml', { 'Accept-Encoding': 'gzip' });
    expect(whole.res.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers 416 with the size when the range starts past the end, or the file is empty', async () => {
    for (const [p, range, size] of [
      ['/pdf/report/report.pdf', 'bytes=1000-', 1000],
      ['/pdf/report/report.pdf', 'bytes=5000-6000', 1000],
      ['/pdf/report/report.pdf', 'bytes=-0', 1000],
      ['/empty.txt', 'bytes=0-', 0],
    ] as const) {
      const { res, body } = await get(p, { Range: range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range'), range).toBe(`bytes */${size}`);
      expect(body.length).toBe(0);
    }
  });

  it('answers the whole file (200) to several ranges, another unit or a range it cannot read', async () => {
    for (const range of ['bytes=0-9,20-29', 'items=0-9', 'bytes=9-5', 'bytes=x-', 'bytes=-']) {
      const { res, body } = await get('/pdf/report/report.pdf', { Range: range });
      expect(res.status, range).toBe(200);
      expect(res.headers.get('content-range'), range).toBeNull();
      expect(body.equals(PDF), range).toBe(true);
    }
  });

  it('ignores ranges on HEAD and on the 404 page, and lets a matching If-None-Match answer 304 first', async () => {
    const head = await get('/pdf/report/report.pdf', { Range: 'bytes=0-9' }, 'HEAD');
    expect(head.res.status).toBe(200);
    expect(head.res.headers.get('content-length')).toBe('1000');
    const missing = await get('/pdf/none.pdf', { Range: 'bytes=0-3' });
    expect(missing.res.status).toBe(404);
    expect(missing.body.toString()).toBe('<p>Not here</p>');
    const etag = head.res.headers.get('etag')!;
    const cached = await get('/pdf/report/report.pdf', {
      Range: 'bytes=0-9',
      'If-None-Match': etag,
    });
    expect(cached.res.status).toBe(304);
  });

  it('honours If-Range only for the version being served: another gets the whole file', async () => {
    const etag = (await get('/pdf/report/report.pdf')).res.headers.get('etag')!;
    const same = await get('/pdf/report/report.pdf', { Range: 'bytes=10-19', 'If-Range': etag });
    expect(same.res.status).toBe(206);
    expect(same.body.equals(PDF.subarray(10, 20))).toBe(true);
    for (const other of ['"an-older-version"', `W/${etag}`, 'Wed, 21 Oct 2015 07:28:00 GMT']) {
      const res = await get('/pdf/report/report.pdf', { Range: 'bytes=10-19', 'If-Range': other });
      expect(res.res.status, other).toBe(200);
      expect(res.body.equals(PDF), other).toBe(true);
    }
  });
});
