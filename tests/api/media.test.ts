/**
 * The media library: uploads become assets, listed newest first, searched, described, cropped by
 * their focal point, deleted only when nothing shows them; the uses index follows every save;
 * earlier uploads move in once; editors manage it, visitors cannot.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../src/schemas/upload-limits';
import { createRecord, CROSS_SITE, useAdminSite } from '../helpers/admin-site';
import { countBlobCalls, holdFirstCall, unevenRoundTrips } from '../helpers/blobs-counter';
import { rawRequest } from '../helpers/raw-request';

const t = useAdminSite();

/** A real PNG of w x h pixels in one colour (each colour different bytes, so a different asset). */
const png = (w: number, h: number, r: number, g = 40, b = 90) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

function multipart(bytes: Uint8Array, filename = 'photo.png', field = 'file') {
  const boundary = `----test${crypto.randomUUID()}`;
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

const send = (
  bytes: Uint8Array,
  opts: { cookie?: string; filename?: string; path?: string; method?: string; field?: string } = {},
) => {
  const part = multipart(bytes, opts.filename, opts.field);
  return rawRequest(`${t.site.url}${opts.path ?? '/api/admin/media'}`, {
    method: opts.method ?? 'POST',
    headers: {
      'Content-Type': part.type,
      ...(opts.cookie === '' ? {} : { Cookie: opts.cookie ?? t.viewer.cookie }),
    },
    body: part.body,
  });
};

/** Uploads as the editor and answers { id, url, width, height }. */
async function upload(bytes: Uint8Array, filename?: string) {
  const res = await send(bytes, { filename });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; url: string; width: number; height: number };
}

const publishState = async () => (await t.admin.get('/api/admin/publish')).json;

describe('POST /api/admin/media', () => {
  it('makes an asset of an upload, once per file, with its pixels', async () => {
    const bytes = await png(300, 200, 10);
    const first = await upload(bytes, 'harbour-at-dawn.png');
    expect(first).toEqual({
      id: expect.stringMatching(/^[a-f0-9]{24}$/),
      url: expect.stringMatching(/^\/api\/uploads\/[a-f0-9]{64}\.png$/),
      width: 300,
      height: 200,
    });
    expect(first.url.slice('/api/uploads/'.length, -4).startsWith(first.id)).toBe(true);
    // The same bytes again are the same asset, not a second copy.
    expect(await upload(bytes, 'copy.png')).toEqual(first);
    const served = await fetch(`${t.site.url}${first.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const asset = (await t.viewer.get(`/api/admin/media/${first.id}`)).json;
    expect(asset).toMatchObject({
      name: 'harbour-at-dawn.png',
      type: 'image/png',
      size: bytes.byteLength,
      focalX: 0.5,
      focalY: 0.5,
      alt: '',
      uploadedBy: 'viewer',
      uses: [],
    });
  });

  it('holds the limits of uploads: bytes, pixels and type', async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1, 1);
    big.set(await png(4, 4, 1));
    expect((await send(big)).status).toBe(413);
    // 8,000 x 6,000 declared pixels in a small file: over the 40-megapixel budget.
    const huge = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const refused = await send(huge);
    expect(refused.status).toBe(413);
    expect(refused.json.message).toMatch(/megapixels/);
    const notImage = await send(
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(notImage.status).toBe(415);
  });

  it('lets editors manage media and nobody else', async () => {
    const bytes = await png(20, 20, 30);
    expect((await send(bytes, { cookie: '' })).status).toBe(401);
    expect((await t.anon.get('/api/admin/media')).status).toBe(401);
    expect((await t.anon.get('/api/admin/media/aaaaaaaaaaaaaaaaaaaaaaaa/uses')).status).toBe(401);
    expect(
      (await t.anon.patch('/api/admin/media/aaaaaaaaaaaaaaaaaaaaaaaa', { alt: 'x' })).status,
    ).toBe(401);
    expect((await t.anon.delete('/api/admin/media/aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(401);
    // A signed-in browser on another site is refused too.
    const { id } = await upload(bytes);
    const crossSite = await t.viewer.patch(`/api/admin/media/${id}`, { alt: 'x' }, CROSS_SITE);
    expect(crossSite.status).toBe(403);
    expect((await t.viewer.delete(`/api/admin/media/${id}`, CROSS_SITE)).status).toBe(403);
    expect((await t.admin.get('/api/admin/media')).status).toBe(200);
  });
});

describe('GET and PATCH /api/admin/media', () => {
  it('lists newest first, pages, and searches by name, alt text and credit', async () => {
    const a = await upload(await png(40, 30, 50), 'lighthouse.png');
    const b = await upload(await png(40, 30, 51), 'conference-room.png');
    const c = await upload(await png(40, 30, 52), 'portrait-of-ada.png');
    const patched = await t.viewer.patch(`/api/admin/media/${b.id}`, {
      alt: 'Speakers on a stage',
      credit: 'Photo: Ines Moreau',
      licence: 'CC BY 4.0',
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json).toMatchObject({ alt: 'Speakers on a stage', licence: 'CC BY 4.0' });

    const firstPage = (await t.viewer.get('/api/admin/media?pageSize=2')).json;
    expect(firstPage.items.map((i: any) => i.id)).toEqual([c.id, b.id]);
    expect(firstPage.total).toBeGreaterThanOrEqual(3);
    const second = (await t.viewer.get('/api/admin/media?pageSize=2&page=2')).json;
    expect(second.items[0].id).toBe(a.id);

    const ids = async (q: string) =>
      (await t.viewer.get(`/api/admin/media?q=${encodeURIComponent(q)}`)).json.items.map(
        (i: any) => i.id,
      );
    expect(await ids('lighthouse')).toEqual([a.id]);
    expect(await ids('STAGE')).toEqual([b.id]);
    expect(await ids('ines moreau')).toEqual([b.id]);
    expect(await ids('nothing like this')).toEqual([]);
    const missing = (await t.viewer.get('/api/admin/media?alt=missing&pageSize=100')).json;
    expect(missing.items.map((i: any) => i.id)).toContain(a.id);
    expect(missing.items.map((i: any) => i.id)).not.toContain(b.id);

    // The dashboard counts them from the index's metadata, written with its rows: one small read,
    // never the index itself.
    const counter = await countBlobCalls();
    try {
      const { result, calls } = await counter.during(() => t.admin.get('/api/admin/summary'));
      expect(result.json.mediaWithoutAlt).toBe(missing.total);
      const index = calls.filter((c) => c.endsWith(':media/asset-index'));
      expect(index, calls.join('\n')).toEqual([expect.stringMatching(/^HEAD /)]);
    } finally {
      await counter.close();
    }
    await t.viewer.patch(`/api/admin/media/${a.id}`, { alt: 'A lighthouse at dusk' });
    expect((await t.admin.get('/api/admin/summary')).json.mediaWithoutAlt).toBe(missing.total - 1);
  });

  it('lists an image as its record holds it after many simultaneous edits of it', async () => {
    const image = await upload(await png(30, 30, 110), 'simultaneous-edits.png');
    // Round trips of their own lengths: edits land on the record in one order and can reach the
    // list in another, which must not keep an older version of the row.
    const blobs = await countBlobCalls({
      latencyMs: unevenRoundTrips,
    });
    try {
      for (let round = 0; round < 3; round++) {
        const edits = await Promise.all(
          Array.from({ length: 8 }, (_, n) =>
            t.viewer.patch(
              `/api/admin/media/${image.id}`,
              n % 2 ? { credit: `Credit ${round}.${n}` } : { alt: `Alt text ${round}.${n}` },
            ),
          ),
        );
        expect(edits.map((e) => e.status)).toEqual(edits.map(() => 200));
        const { alt, credit } = (await t.viewer.get(`/api/admin/media/${image.id}`)).json;
        expect([alt, credit]).toEqual([
          expect.stringMatching(new RegExp(`^Alt text ${round}\\.`)),
          expect.stringMatching(new RegExp(`^Credit ${round}\\.`)),
        ]);
        const listed = (await t.viewer.get('/api/admin/media?q=simultaneous-edits')).json.items;
        expect(listed.map((i: any) => [i.alt, i.credit])).toEqual([[alt, credit]]);
      }
    } finally {
      await blobs.close();
    }
  });

  it('an image deleted while an edit of it is still writing the list stays out of the list', async () => {
    const image = await upload(await png(30, 30, 120), 'deleted-mid-edit.png');
    // The edit's write of the list (after its write of the record) is held while the delete runs.
    let recordWritten = false;
    const hold = holdFirstCall((call) => {
      if (call.startsWith('PUT ') && call.endsWith(`/assets/${image.id}`)) recordWritten = true;
      return recordWritten && /^PUT .*\/asset-index$/.test(call);
    });
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const editing = t.viewer.patch(`/api/admin/media/${image.id}`, { alt: 'Gone soon' });
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      expect((await t.viewer.delete(`/api/admin/media/${image.id}`)).status).toBe(200);
      hold.release();
      expect((await editing).status).toBe(200);
    } finally {
      hold.release();
      await blobs.close();
    }
    expect((await t.viewer.get(`/api/admin/media/${image.id}`)).status).toBe(404);
    expect((await t.viewer.get('/api/admin/media?q=deleted-mid-edit')).json.items).toEqual([]);
  });

  it('an upload of the same bytes as an image being deleted answers an image that is there', async () => {
    const bytes = await png(30, 30, 140);
    const image = await upload(bytes, 'uploaded-while-deleted.png');
    // The new upload's read of who owns its file is held while the delete of the image those
    // bytes already are runs.
    const hold = holdFirstCall((call) => /^GET .*\/by-file\//.test(call));
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    let again: Awaited<ReturnType<typeof upload>>;
    try {
      const uploading = upload(bytes, 'uploaded-while-deleted.png');
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      expect((await t.viewer.delete(`/api/admin/media/${image.id}`)).status).toBe(200);
      hold.release();
      again = await uploading;
    } finally {
      hold.release();
      await blobs.close();
    }
    expect((await fetch(`${t.site.url}${again.url}`)).status).toBe(200);
    expect((await t.viewer.get(`/api/admin/media/${again.id}`)).status).toBe(200);
  });

  it('refuses bad input with a clear error', async () => {
    const { id } = await upload(await png(10, 10, 60));
    const off = await t.viewer.patch(`/api/admin/media/${id}`, { focalX: 1.5 });
    expect(off.status).toBe(400);
    expect(off.json.fields.focalX).toMatch(/0 to 1/);
    expect((await t.viewer.patch(`/api/admin/media/${id}`, { url: '/x' })).status).toBe(400);
    expect(
      (await t.viewer.patch('/api/admin/media/aaaaaaaaaaaaaaaaaaaaaaaa', { alt: 'x' })).status,
    ).toBe(404);
    expect((await t.viewer.get('/api/admin/media?page=0')).status).toBe(400);
  });
});

describe('uses', () => {
  it('are counted across every collection and the site texts, and keep a used image from being deleted', async () => {
    const photo = await upload(await png(60, 80, 70), 'grace.png');
    const member = await createRecord(t.viewer, 'team-members', {
      name: 'Grace Hopper',
      position: 'Fellow',
      image: photo.url,
    });
    const area = await createRecord(t.viewer, 'research-areas', {
      title: 'Compilers',
      description: 'Translating programs.',
      image: photo.url,
      imageAlt: 'A woman at a console',
    });
    const pub = await createRecord(t.viewer, 'publications', {
      title: 'On Debugging',
      description: 'Moths.',
      date: '1947',
      type: 'Report',
      authors: 'G. Hopper',
      status: 'draft',
      body: `Text.\n\n![The console](${photo.url} "Figure 1: The console")\n`,
    });
    const settings = await t.viewer.patch('/api/site-settings', { founderImage: photo.url });
    expect(settings.status, settings.text).toBe(200);

    const uses = (await t.viewer.get(`/api/admin/media/${photo.id}/uses`)).json;
    expect(uses).toEqual(
      expect.arrayContaining([
        { target: `team-members/${member}`, field: 'image', label: 'Grace Hopper' },
        { target: `research-areas/${area}`, field: 'image', label: 'Compilers' },
        { target: `publications/${pub}`, field: 'body', label: 'On Debugging' },
        { target: 'site-settings', field: 'founderImage', label: 'Site texts' },
      ]),
    );
    expect(uses).toHaveLength(4);
    const listed = (await t.viewer.get('/api/admin/media?q=grace')).json.items[0];
    expect(listed.uses).toBe(4);

    const refused = await t.viewer.delete(`/api/admin/media/${photo.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/still shown in 4 places/);
    expect(refused.json.uses).toHaveLength(4);

    // Taking it out of each place takes the use away.
    expect((await t.viewer.patch(`/api/team-members/${member}`, { image: '' })).status).toBe(200);
    expect((await t.viewer.delete(`/api/research-areas/${area}`)).status).toBe(200);
    expect((await t.viewer.patch(`/api/publications/${pub}`, { body: 'No figure.' })).status).toBe(
      200,
    );
    expect((await t.viewer.patch('/api/site-settings', { founderImage: '' })).status).toBe(200);
    expect((await t.viewer.get(`/api/admin/media/${photo.id}/uses`)).json).toEqual([]);

    const deleted = await t.viewer.delete(`/api/admin/media/${photo.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect((await fetch(`${t.site.url}${photo.url}`)).status).toBe(404);
    expect((await t.viewer.get(`/api/admin/media/${photo.id}`)).status).toBe(404);
    expect((await t.viewer.get('/api/admin/media?q=grace')).json.items).toEqual([]);
  });

  it('follow a restore from History', async () => {
    const photo = await upload(await png(30, 30, 80));
    const stat = await createRecord(t.viewer, 'team-members', {
      name: 'Alan Kay',
      position: 'Fellow',
      image: photo.url,
    });
    expect((await t.viewer.delete(`/api/team-members/${stat}`)).status).toBe(200);
    expect((await t.viewer.get(`/api/admin/media/${photo.id}/uses`)).json).toEqual([]);
    const entry = (await t.viewer.get('/api/admin/history?limit=1')).json[0];
    expect((await t.viewer.post(`/api/admin/history/${entry.id}/restore`)).status).toBe(200);
    expect((await t.viewer.get(`/api/admin/media/${photo.id}/uses`)).json).toEqual([
      { target: `team-members/${stat}`, field: 'image', label: 'Alan Kay' },
    ]);
  });

  it('a restore of a record whose image was deleted since never brings back a broken image', async () => {
    const photo = await upload(await png(30, 30, 110));
    const member = await createRecord(t.viewer, 'team-members', {
      name: 'Barbara Liskov',
      position: 'Fellow',
      image: photo.url,
    });
    expect((await t.viewer.delete(`/api/team-members/${member}`)).status).toBe(200);
    const deletion = (await t.viewer.get('/api/admin/history?limit=1')).json[0];
    await t.viewer.patch('/api/site-settings', { founderImage: photo.url });
    await t.viewer.patch('/api/site-settings', { founderImage: '' });
    const change = (await t.viewer.get('/api/admin/history?limit=1')).json[0];
    expect((await t.viewer.delete(`/api/admin/media/${photo.id}`)).status).toBe(200);

    // A deleted record comes back with the default image, as a testimonial without its photo.
    expect((await t.viewer.post(`/api/admin/history/${deletion.id}/restore`)).status).toBe(200);
    expect((await t.anon.get(`/api/team-members/${member}`)).json).toMatchObject({
      name: 'Barbara Liskov',
      image: '',
    });
    // An earlier version that showed it is refused, saying why.
    const refused = await t.viewer.post(`/api/admin/history/${change.id}/restore`);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.message).toMatch(/deleted from the media library/);
    expect((await t.anon.get('/api/site-settings')).json.founderImage).toBe('');
  });

  it('match the record as stored after many simultaneous saves of it', async () => {
    const first = await upload(await png(30, 30, 90), 'first.png');
    const second = await upload(await png(30, 30, 100), 'second.png');
    const member = await createRecord(t.viewer, 'team-members', {
      name: 'Ada Lovelace',
      position: 'Fellow',
      image: first.url,
    });
    const use = [{ target: `team-members/${member}`, field: 'image', label: 'Ada Lovelace' }];
    const usesOf = async (id: string) => (await t.viewer.get(`/api/admin/media/${id}/uses`)).json;
    // Each Blobs call takes its own time, now and then a long one, as round trips on Netlify do,
    // so saves that land in one order reach the uses in another: none may leave a stale use.
    const blobs = await countBlobCalls({
      latencyMs: unevenRoundTrips,
    });
    try {
      for (let round = 0; round < 4; round++) {
        const saves = await Promise.all(
          Array.from({ length: 10 }, (_, n) =>
            t.viewer.patch(`/api/team-members/${member}`, {
              image: n % 2 ? first.url : second.url,
            }),
          ),
        );
        expect(saves.map((s) => s.status)).toEqual(saves.map(() => 200));
        const shown = (await t.viewer.get(`/api/team-members/${member}`)).json.image;
        expect({ first: await usesOf(first.id), second: await usesOf(second.id) }).toEqual(
          shown === first.url ? { first: use, second: [] } : { first: [], second: use },
        );
      }
    } finally {
      await blobs.close();
    }
  });
});

describe('focal points', () => {
  it('a new focal point re-publishes the pages that show the image, and only then', async () => {
    const unused = await upload(await png(50, 50, 90));
    const before = (await publishState()).lastChangeAt;
    expect(
      (await t.viewer.patch(`/api/admin/media/${unused.id}`, { focalX: 0.2, focalY: 0.3 })).status,
    ).toBe(200);
    expect((await publishState()).lastChangeAt).toBe(before);

    const shown = await upload(await png(50, 50, 91));
    await createRecord(t.viewer, 'team-members', {
      name: 'Katherine Johnson',
      position: 'Fellow',
      image: shown.url,
    });
    const saved = (await publishState()).lastChangeAt;
    // Alt text and credit change no page: no build.
    expect((await t.viewer.patch(`/api/admin/media/${shown.id}`, { credit: 'NASA' })).status).toBe(
      200,
    );
    expect((await publishState()).lastChangeAt).toBe(saved);
    const moved = await t.viewer.patch(`/api/admin/media/${shown.id}`, { focalY: 0.25 });
    expect(moved.json).toMatchObject({ focalX: 0.5, focalY: 0.25 });
    const after = (await publishState()).lastChangeAt;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(saved));
    const history = (await t.viewer.get('/api/admin/history?limit=1')).json[0];
    expect(history).toMatchObject({
      target: `media/${shown.id}`,
      summary: expect.stringMatching(/focalY/),
    });
  });
});

describe('replacing a file', () => {
  it('of an image deleted meanwhile answers 404 and brings nothing back', async () => {
    const image = await upload(await png(30, 30, 130), 'replaced-while-deleted.png');
    // The replacement's write of its new file's pointer is held while the delete runs.
    const hold = holdFirstCall((call) => /^PUT .*\/by-file\//.test(call));
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const replacing = send(await png(50, 40, 131), {
        path: `/api/admin/media/${image.id}/file`,
        method: 'PUT',
        filename: 'replacement.png',
      });
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      expect((await t.viewer.delete(`/api/admin/media/${image.id}`)).status).toBe(200);
      hold.release();
      expect((await replacing).status).toBe(404);
    } finally {
      hold.release();
      await blobs.close();
    }
    expect((await t.viewer.get(`/api/admin/media/${image.id}`)).status).toBe(404);
    expect((await t.viewer.get('/api/admin/media?q=replace')).json.items).toEqual([]);
  });

  it('moves every use to the new file and keeps the old address serving', async () => {
    const old = await upload(await png(40, 40, 100), 'old.png');
    const member = await createRecord(t.viewer, 'team-members', {
      name: 'Barbara Liskov',
      position: 'Fellow',
      image: old.url,
    });
    const res = await send(await png(80, 60, 101), {
      path: `/api/admin/media/${old.id}/file`,
      method: 'PUT',
      filename: 'new.png',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: old.id, width: 80, height: 60, name: 'new.png' });
    expect(res.json.url).not.toBe(old.url);
    const record = (await t.viewer.get(`/api/team-members/${member}`)).json;
    expect(record.image).toBe(res.json.url);
    expect((await t.viewer.get(`/api/admin/media/${old.id}/uses`)).json).toEqual([
      { target: `team-members/${member}`, field: 'image', label: 'Barbara Liskov' },
    ]);
    expect((await fetch(`${t.site.url}${old.url}`)).status).toBe(200);
  });
});

describe('the migration of earlier uploads', () => {
  it('makes assets of the uploads records show, once, and old addresses keep serving', async () => {
    // Written as the site wrote them before the library: a plain upload, a record saved without
    // the change pipeline, a visitor's testimonial photo that nothing of ours shows.
    const { storeImage, checkImage } = await import('../../src/server/content/uploads');
    const { teamMembers } = await import('../../src/server/content/collections');
    const earlier = await storeImage(await checkImage(new Uint8Array(await png(120, 180, 110))));
    const member = await teamMembers.create({
      name: 'Ada Lovelace',
      position: 'Founder',
      image: earlier,
    });
    const visitor = await send(await png(20, 20, 111), {
      path: '/api/upload/testimonial-photo',
      field: 'testimonial-photo',
      cookie: '',
    });
    expect(visitor.status).toBe(201);

    const firstRun = await t.viewer.post('/api/admin/media/migrate');
    expect(firstRun.status, firstRun.text).toBe(200);
    expect(firstRun.json).toMatchObject({ done: true, skipped: [] });
    expect(firstRun.json.created).toBeGreaterThanOrEqual(1);
    const found = (await t.viewer.get('/api/admin/media?pageSize=100')).json;
    expect(found.migrated).toBe(true);
    const asset = found.items.find((i: any) => i.url === earlier);
    // A portrait keeps the top of the picture, as the fixed crop did.
    expect(asset).toMatchObject({ width: 120, height: 180, uses: 1, focalX: 0.5, focalY: 0 });
    expect(found.items.some((i: any) => i.url === visitor.json.imageUrl)).toBe(false);
    expect((await t.viewer.get(`/api/admin/media/${asset.id}/uses`)).json).toEqual([
      { target: `team-members/${member.id}`, field: 'image', label: 'Ada Lovelace' },
    ]);

    const again = await t.viewer.post('/api/admin/media/migrate');
    expect(again.json).toEqual({ done: true, created: 0, indexed: 0, skipped: [] });
    expect((await t.viewer.get('/api/admin/media?pageSize=100')).json.total).toBe(found.total);
    expect((await fetch(`${t.site.url}${earlier}`)).status).toBe(200);
  });
});

describe('crops by focal point', () => {
  const focus = (focalX: number, focalY: number) => ({ focalX, focalY, width: 1000, height: 1500 });

  it('asks the CDN for the crop when the focal point lies where Netlify can keep it, and for the whole picture otherwise', async () => {
    const { responsiveImage, CARD_IMAGE } = await import('../../src/lib/responsive-image');
    const slot = { ...CARD_IMAGE, widths: [320] };
    // A portrait in a landscape card: rows are cut, so the focal point's height decides.
    expect(responsiveImage('/api/uploads/a.jpg', slot, focus(0.5, 0.5)).src).toBe(
      '/.netlify/images?url=%2Fapi%2Fuploads%2Fa.jpg&w=320&h=180&fit=cover',
    );
    expect(responsiveImage('/api/uploads/a.jpg', slot, focus(0.2, 0)).src).toBe(
      '/.netlify/images?url=%2Fapi%2Fuploads%2Fa.jpg&w=320&h=180&fit=cover&position=top',
    );
    expect(responsiveImage('/api/uploads/a.jpg', slot, focus(0.5, 1)).src).toMatch(
      /&position=bottom$/,
    );
    // In between: no crop at the CDN; the browser crops by object-position.
    expect(responsiveImage('/api/uploads/a.jpg', slot, focus(0.5, 0.3)).src).toBe(
      '/.netlify/images?url=%2Fapi%2Fuploads%2Fa.jpg&w=320',
    );
    // A wide picture in a square box: columns are cut, so the focal point's width decides.
    const wide = { focalX: 1, focalY: 0.1, width: 1600, height: 900 };
    expect(
      responsiveImage('/api/uploads/b.jpg', { sizes: '48px', widths: [48], aspect: 1 }, wide).src,
    ).toBe('/.netlify/images?url=%2Fapi%2Fuploads%2Fb.jpg&w=48&h=48&fit=cover&position=right');
    const { objectPosition } = await import('../../src/schemas/image-focus');
    expect(objectPosition({ focalX: 0.25, focalY: 0.333 })).toBe('25% 33.3%');
  });

  it('draws the Open Graph picture at the focal point, so moving it changes the pixels', async () => {
    process.env.ASTRO_CACHE_DIR = `${t.site.dataDir}/astro-cache`;
    // Red on top, blue below: a crop at the top is red, at the bottom blue.
    const half = await sharp({
      create: { width: 400, height: 1200, channels: 3, background: { r: 220, g: 0, b: 0 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 400, height: 600, channels: 3, background: { r: 0, g: 0, b: 220 } },
          })
            .png()
            .toBuffer(),
          top: 600,
          left: 0,
        },
      ])
      .png()
      .toBuffer();
    const picture = await upload(half, 'two-colours.png');
    const { renderOgImage, OG_PICTURE_WIDTH } =
      await import('../../src/server/workflows/og-images');
    const card = (focalY: number) => ({
      kind: 'publications' as const,
      slug: 'two-colours',
      eyebrow: 'Report',
      title: 'Two colours',
      image: { url: picture.url, focalX: 0.5, focalY, width: 400, height: 1200 },
    });
    /** The colour in the middle of the picture beside the title. */
    const middle = async (png: Buffer) => {
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const x = info.width - OG_PICTURE_WIDTH / 2;
      const at = (Math.round(info.height / 2) * info.width + x) * info.channels;
      return { r: data[at], b: data[at + 2] };
    };
    const top = await renderOgImage(card(0));
    const bottom = await renderOgImage(card(1));
    expect(top.equals(bottom)).toBe(false);
    expect(await middle(top)).toMatchObject({ r: expect.toSatisfy((r: number) => r > 180) });
    expect(await middle(bottom)).toMatchObject({ b: expect.toSatisfy((b: number) => b > 180) });
  });
});
