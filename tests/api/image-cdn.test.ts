/**
 * Images at the size they are shown (issue 14): the pages ask Netlify Image CDN for each width
 * they need, and the local platform answers those URLs as Netlify does, resized with sharp, in
 * the modern format the browser accepts, refusing images from other sites.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { responsiveImage } from '../../src/lib/responsive-image';
import { createTestUser, login, startTestSite, type TestSite } from '../helpers/platform';
import { rawRequest } from '../helpers/raw-request';

let site: TestSite;
let photo: string;
beforeAll(async () => {
  site = await startTestSite();
  await createTestUser('admin', 'admin-password-123', true);
  const cookie = await login(site.url, 'admin', 'admin-password-123');
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 20, g: 80, b: 160 } } }).png().toBuffer();
  const boundary = `----test${crypto.randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await rawRequest(`${site.url}/api/admin/upload`, { headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Cookie: cookie }, body });
  photo = res.json.imageUrl;
});
afterAll(() => site.close());

describe('responsiveImage', () => {
  it('offers one CDN candidate per width for photos on this site, and leaves SVGs and other sites alone', () => {
    const img = responsiveImage('/api/uploads/abc.png', [640, 320], '100vw');
    expect(img.srcset).toBe('/.netlify/images?url=%2Fapi%2Fuploads%2Fabc.png&w=320 320w, /.netlify/images?url=%2Fapi%2Fuploads%2Fabc.png&w=640 640w');
    expect(img.src).toBe('/.netlify/images?url=%2Fapi%2Fuploads%2Fabc.png&w=640');
    expect(responsiveImage('/images/x.svg', [320], '100vw')).toEqual({ src: '/images/x.svg' });
    expect(responsiveImage('https://other.example/x.jpg', [320], '100vw')).toEqual({ src: 'https://other.example/x.jpg' });
  });
});

describe('GET /.netlify/images on the local platform', () => {
  it('resizes an uploaded photo to the asked width, in WebP or AVIF as the browser accepts', async () => {
    for (const [accept, format] of [
      ['image/avif,image/webp,*/*', 'heif'],
      ['image/webp,*/*', 'webp'],
      ['*/*', 'png'],
    ] as const) {
      const res = await fetch(`${site.url}/.netlify/images?url=${encodeURIComponent(photo)}&w=320`, { headers: { Accept: accept } });
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 320, 180]);
    }
  });

  it('never enlarges, and refuses other sites and bad parameters', async () => {
    const big = await fetch(`${site.url}/.netlify/images?url=${encodeURIComponent(photo)}&w=4000`, { headers: { Accept: 'image/webp' } });
    expect((await sharp(Buffer.from(await big.arrayBuffer())).metadata()).width).toBe(1600);
    expect((await fetch(`${site.url}/.netlify/images?url=${encodeURIComponent('https://evil.example/x.png')}&w=100`)).status).toBe(400);
    expect((await fetch(`${site.url}/.netlify/images?url=${encodeURIComponent(photo)}&w=-5`)).status).toBe(400);
    expect((await fetch(`${site.url}/.netlify/images?url=${encodeURIComponent('/api/uploads/missing.png')}&w=100`)).status).toBe(404);
  });
});
