/**
 * An image field given an address on another site: the save brings the image onto this site
 * (the pages' Content-Security-Policy loads images from this site only), or refuses with a 400
 * and changes nothing. The "other site" is a local HTTP server: the import's DNS answers a public
 * address for its host and its requests go to that server, so every check of the safe fetch
 * (https, public addresses only, size, time) and of an upload (type, pixels) still runs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_PHOTO_ELSEWHERE } from '../../src/schemas/testimonial';
import { routeImageImportsForTests } from '../../src/server/content/image-import';
import { startAdminSite, type AdminSite } from '../helpers/admin-site';

const HOST = 'photos.example.org';
const PUBLIC_IP = '13.107.42.14';
const UPLOAD = /^\/api\/uploads\/[a-f0-9]{64}\.png$/;

let app: AdminSite;
let server: http.Server;
let photo: Buffer;
/** Paths the "other site" was asked for. */
const asked: string[] = [];
/** Host names that resolve to a loopback address, as a hostile DNS record would. */
const LOOPBACK_HOST = 'inside.example.org';

beforeAll(async () => {
  photo = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(photo);
    else if (req.url === '/page.html')
      res.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><p>not a picture');
    else res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  routeImageImportsForTests({
    lookup: async (host) => {
      if (host === HOST) return [{ address: PUBLIC_IP, family: 4 }];
      if (host === LOOPBACK_HOST) return [{ address: '127.0.0.1', family: 4 }];
      throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    },
    // The pinned connection to the checked public address goes to the local server instead.
    fetch: (url, { signal, headers }) =>
      fetch(`http://127.0.0.1:${port}${url.pathname}${url.search}`, {
        signal,
        headers,
        redirect: 'manual',
      }),
  });
  app = await startAdminSite();
});

afterAll(async () => {
  routeImageImportsForTests({});
  await app.close();
  await new Promise((resolve) => server.close(resolve));
});

const publication = (image: string) => ({
  title: `Imported ${crypto.randomUUID().slice(0, 8)}`,
  description: 'A report with a picture from elsewhere.',
  image,
  imageAlt: 'A blue rectangle',
});

describe('an admin image field with an address on another site', () => {
  it('stores the image with the uploads and saves its address on this site', async () => {
    const res = await app.admin.post('/api/publications', publication(`https://${HOST}/photo.png`));
    expect(res.status, res.text).toBe(201);
    expect(res.json.image).toMatch(UPLOAD);
    const served = await fetch(`${app.site.url}${res.json.image}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
    const stored = await app.anon.get(`/api/publications/${res.json.id}`);
    expect(stored.json.image).toBe(res.json.image);
    // It joins the media library under the name it had there, shown by the publication.
    const library = await app.admin.get('/api/admin/media?q=photo.png');
    expect(library.json.items).toEqual([
      expect.objectContaining({ url: res.json.image, name: 'photo.png', uses: 1 }),
    ]);
  });

  it.each([
    ['an address that answers 404', `https://${HOST}/missing.png`, 'the site answered 404'],
    ['bytes that are no image', `https://${HOST}/page.html`, 'Only JPEG, PNG and WebP images'],
    ['a host on a private address', `https://${LOOPBACK_HOST}/photo.png`, 'non-public address'],
    ['plain http', `http://${HOST}/photo.png`, 'Only https addresses are fetched'],
    ['a host that does not resolve', 'https://nowhere.example.org/photo.png', 'Could not resolve'],
  ])(
    'refuses %s with a 400 naming the field and the address, changing nothing',
    async (_l, url, why) => {
      const created = await app.admin.post('/api/publications', publication(''));
      expect(created.status, created.text).toBe(201);
      const res = await app.admin.patch(`/api/publications/${created.json.id}`, {
        title: 'Renamed with the image',
        image: url,
      });
      expect(res.status, res.text).toBe(400);
      expect(res.json.message).toContain(`Could not bring in the image at ${url} for image (`);
      expect(res.json.message).toContain(why);
      expect(res.json.message).toMatch(/: upload it instead$/);
      expect(res.json.fields).toEqual({ image: res.json.message });
      const stored = await app.admin.get(`/api/publications/${created.json.id}`);
      expect(stored.json).toMatchObject({ title: created.json.title, image: '' });
    },
  );

  it('keeps an address on this site or on an allowed host as it is, fetching nothing', async () => {
    const before = asked.length;
    for (const image of ['/images/og-default.png', 'https://media.licdn.com/dms/image/v2/a.jpg']) {
      const res = await app.admin.post('/api/publications', publication(image));
      expect(res.status, res.text).toBe(201);
      expect(res.json.image).toBe(image);
    }
    expect(asked.length).toBe(before);
  });

  it('brings in the other image fields the same way: an event, a site setting, a testimonial photo', async () => {
    const event = await app.admin.post('/api/events', {
      title: 'Imported event',
      startDate: '2031-05-01',
      endDate: '2031-05-01',
      imageUrl: `https://${HOST}/photo.png`,
      imageDecorative: true,
    });
    expect(event.status, event.text).toBe(201);
    expect(event.json.imageUrl).toMatch(UPLOAD);

    const settings = await app.admin.patch('/api/site-settings', {
      founderImage: `https://${HOST}/photo.png`,
    });
    expect(settings.status, settings.text).toBe(200);
    expect(settings.json.founderImage).toMatch(UPLOAD);
    const refused = await app.admin.patch('/api/site-settings', {
      socialShareImage: `https://${HOST}/missing.png`,
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json.fields)).toEqual(['socialShareImage']);

    // A release's text change is a settings save that waits for its time.
    const inADay = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
    const release = await app.admin.post('/api/admin/releases', {
      name: 'Founder photo',
      publishAt: inADay,
      texts: { founderImage: `https://${HOST}/photo.png` },
    });
    expect(release.status, release.text).toBe(201);
    expect(release.json.texts.founderImage).toMatch(UPLOAD);

    const sent = await app.anon.post('/api/testimonials', {
      name: 'Ada',
      content: 'Good work.',
      rating: 5,
    });
    expect(sent.status, sent.text).toBe(201);
    const edited = await app.admin.patch(`/api/admin/testimonials/${sent.json.id}`, {
      image: `https://${HOST}/photo.png`,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.image).toMatch(UPLOAD);
  });
});

describe("a visitor's testimonial", () => {
  it('refuses a photo on another site (the server fetches nothing for visitors) and keeps LinkedIn photos', async () => {
    const before = asked.length;
    const res = await app.anon.post('/api/testimonials', {
      name: 'Grace',
      content: 'Thank you.',
      rating: 5,
      image: `https://${HOST}/photo.png`,
    });
    expect(res.status).toBe(400);
    expect(res.json.fields.image).toBe(VISITOR_PHOTO_ELSEWHERE);
    expect(asked.length).toBe(before);
    const linkedIn = await app.anon.post('/api/testimonials', {
      name: 'Grace',
      content: 'Thank you.',
      rating: 5,
      image: 'https://media.licdn.com/dms/image/v2/grace.jpg',
    });
    expect(linkedIn.status, linkedIn.text).toBe(201);
  });
});
