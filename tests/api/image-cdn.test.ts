/**
 * Images at the size they are shown: the pages ask Netlify Image CDN for each width
 * they need, and the local platform answers those URLs as Netlify does, resized with sharp, in
 * the modern format the browser accepts, refusing images from other sites.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_IMAGE, CARD_IMAGE, responsiveImage } from '../../src/lib/responsive-image';
import { ADMIN, startAdminSite } from '../helpers/admin-site';
import type { TestSite } from '../helpers/platform';
import { rawRequest } from '../helpers/raw-request';

let site: TestSite;
let photo: string;
let cookie: string;

/** Uploads `png` as an admin and answers its address. */
async function upload(png: Buffer): Promise<string> {
  const boundary = `----test${crypto.randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await rawRequest(`${site.url}/api/admin/upload`, {
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Cookie: cookie },
    body,
  });
  return res.json.imageUrl;
}

beforeAll(async () => {
  ({
    site,
    admin: { cookie },
  } = await startAdminSite({ users: { admin: ADMIN } }));
  photo = await upload(
    await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 20, g: 80, b: 160 } },
    })
      .png()
      .toBuffer(),
  );
});
afterAll(() => site.close());

describe('responsiveImage', () => {
  it('offers one CDN candidate per width for photos on this site, and leaves SVGs and other sites alone', () => {
    const img = responsiveImage('/api/uploads/abc.png', { widths: [640, 320], sizes: '100vw' });
    expect(img.srcset).toBe(
      '/.netlify/images?url=%2Fapi%2Fuploads%2Fabc.png&w=320 320w, /.netlify/images?url=%2Fapi%2Fuploads%2Fabc.png&w=640 640w',
    );
    expect(img.src).toBe('/.netlify/images?url=%2Fapi%2Fuploads%2Fabc.png&w=640');
    expect(responsiveImage('/images/x.svg', CARD_IMAGE)).toEqual({ src: '/images/x.svg' });
    expect(responsiveImage('https://other.example/x.jpg', CARD_IMAGE)).toEqual({
      src: 'https://other.example/x.jpg',
    });
  });

  it('asks for the shape of the box when it has one, so the CDN crops instead of sending what the box cuts off', () => {
    const img = responsiveImage('/api/uploads/abc.jpg', {
      widths: [320],
      sizes: '48px',
      aspect: 9 / 16,
    });
    expect(img.src).toBe('/.netlify/images?url=%2Fapi%2Fuploads%2Fabc.jpg&w=320&h=180&fit=cover');
    expect(responsiveImage('/api/uploads/abc.jpg', AVATAR_IMAGE).srcset).toBe(
      ['48', '72', '84', '96', '144']
        .map(
          (w) =>
            `/.netlify/images?url=%2Fapi%2Fuploads%2Fabc.jpg&w=${w}&h=${w}&fit=cover&position=top ${w}w`,
        )
        .join(', '),
    );
  });
});

describe('GET /.netlify/images on the local platform', () => {
  it('resizes an uploaded photo to the asked width, in WebP or AVIF as the browser accepts', async () => {
    for (const [accept, format] of [
      ['image/avif,image/webp,*/*', 'heif'],
      ['image/webp,*/*', 'webp'],
      ['*/*', 'png'],
    ] as const) {
      const res = await fetch(
        `${site.url}/.netlify/images?url=${encodeURIComponent(photo)}&w=320`,
        { headers: { Accept: accept } },
      );
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 320, 180]);
    }
  });

  it('fits within w×h by default, and crops to exactly w×h at the asked position with fit=cover', async () => {
    // A 900×1600 portrait whose top half is red and bottom half blue.
    const split = await sharp({
      create: { width: 900, height: 1600, channels: 3, background: { r: 0, g: 0, b: 255 } },
    })
      .composite([
        {
          input: {
            create: { width: 900, height: 800, channels: 3, background: { r: 255, g: 0, b: 0 } },
          },
          top: 0,
          left: 0,
        },
      ])
      .png()
      .toBuffer();
    const url = await upload(split);
    const get = async (query: string) => {
      const res = await fetch(
        `${site.url}/.netlify/images?url=${encodeURIComponent(url)}&${query}`,
        { headers: { Accept: 'image/png' } },
      );
      expect(res.status).toBe(200);
      const image = sharp(Buffer.from(await res.arrayBuffer()));
      const { width, height } = await image.metadata();
      const { dominant } = await image.stats();
      return { width, height, dominant };
    };
    expect(await get('w=200&h=200')).toMatchObject({ width: 113, height: 200 });
    const top = await get('w=200&h=200&fit=cover&position=top');
    expect([top.width, top.height, top.dominant.r > top.dominant.b]).toEqual([200, 200, true]);
    const bottom = await get('w=200&h=200&fit=cover&position=bottom');
    expect([bottom.width, bottom.height, bottom.dominant.b > bottom.dominant.r]).toEqual([
      200,
      200,
      true,
    ]);
    expect(await get('w=200&h=200&fit=fill')).toMatchObject({ width: 200, height: 200 });
    expect(
      (
        await fetch(
          `${site.url}/.netlify/images?url=${encodeURIComponent(url)}&w=200&fit=constructor`,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await fetch(
          `${site.url}/.netlify/images?url=${encodeURIComponent(url)}&w=200&h=20&fit=cover&position=middle`,
        )
      ).status,
    ).toBe(400);
  });

  it('never enlarges, and refuses other sites and bad parameters', async () => {
    const big = await fetch(`${site.url}/.netlify/images?url=${encodeURIComponent(photo)}&w=4000`, {
      headers: { Accept: 'image/webp' },
    });
    expect((await sharp(Buffer.from(await big.arrayBuffer())).metadata()).width).toBe(1600);
    expect(
      (
        await fetch(
          `${site.url}/.netlify/images?url=${encodeURIComponent('https://evil.example/x.png')}&w=100`,
        )
      ).status,
    ).toBe(400);
    // Paths that start with one slash yet resolve to another host.
    for (const other of [
      '/\\evil.example/x.png',
      '/.//evil.example/x.png',
      '/%2e//evil.example/x.png',
      '/\t/evil.example/x.png',
    ]) {
      expect(
        (await fetch(`${site.url}/.netlify/images?url=${encodeURIComponent(other)}&w=100`)).status,
        other,
      ).toBe(400);
    }
    expect(
      (await fetch(`${site.url}/.netlify/images?url=${encodeURIComponent(photo)}&w=-5`)).status,
    ).toBe(400);
    expect(
      (
        await fetch(
          `${site.url}/.netlify/images?url=${encodeURIComponent('/api/uploads/missing.png')}&w=100`,
        )
      ).status,
    ).toBe(404);
  });
});
