/**
 * Upload storage is bounded: parts of a PDF upload that is never completed, or whose first part
 * is refused, are swept a day after the upload began (completed ones stay), and every stored
 * upload counts against a per-site quota the admin sees on the dashboard summary. Past the quota
 * an upload is refused with 507 and the usual error body, before any byte is kept.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PDF_PART_BYTES } from '../../src/schemas/upload-limits';
import { openStore, STORES } from '../../src/server/storage/store';
import { useAdminSite } from '../helpers/admin-site';
import { countBlobCalls, holdFirstCall } from '../helpers/blobs-counter';
import { setClock } from '../helpers/clock';
import { rawRequest } from '../helpers/raw-request';

const t = useAdminSite();
const HOUR = 3600_000;

const PDF_HEAD = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%');
/** A file of `size` bytes that is a PDF by its first bytes (or not, when `pdf` is false). */
const file = (size: number, pdf = true) =>
  Buffer.concat([pdf ? PDF_HEAD : Buffer.from('<html>'), Buffer.alloc(size)]).subarray(0, size);

const putPart = (id: string, index: number, bytes: Uint8Array) =>
  rawRequest(`${t.site.url}/api/admin/pdf-uploads/${id}/parts/${index}`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Digest': `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`,
      Cookie: t.admin.cookie,
    },
    body: bytes,
  });

/** Opens an upload of `bytes` and sends the parts listed (in that order); answers its id. */
async function upload(bytes: Buffer, parts: number[]): Promise<string> {
  const created = await t.admin.post('/api/admin/pdf-uploads', {
    fileName: 'report.pdf',
    size: bytes.length,
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as string;
  for (const i of parts)
    await putPart(id, i, bytes.subarray(i * PDF_PART_BYTES, (i + 1) * PDF_PART_BYTES));
  return id;
}

/** Every key the uploads store holds for one upload (its record and its parts). */
async function keysOf(id: string): Promise<string[]> {
  const { blobs } = await openStore(STORES.uploads).list();
  return blobs.map((b) => b.key).filter((k) => k.includes(id));
}

const storage = async () => {
  const res = await t.admin.get('/api/admin/summary');
  expect(res.status, res.text).toBe(200);
  return res.json.uploadStorage as { usedBytes: number; quotaBytes: number };
};

describe('abandoned PDF uploads', () => {
  it('are swept a day after they began, with their parts; completed uploads stay', async () => {
    const two = file(PDF_PART_BYTES + 10);
    const abandoned = await upload(two, [0]);
    // The second part arrives before the first, which is then refused: the upload is dropped.
    const refused = await upload(file(PDF_PART_BYTES + 10, false), [1]);
    expect((await putPart(refused, 0, file(PDF_PART_BYTES, false))).status).toBe(415);
    const done = await upload(file(2000), [0]);
    expect((await t.admin.post(`/api/admin/pdf-uploads/${done}/complete`)).status).toBe(200);
    expect(await keysOf(abandoned)).not.toEqual([]);

    // Within the day nothing is swept: the browser may still resume.
    await t.site.platform.runScheduled('upload-sweep');
    expect((await t.admin.get(`/api/admin/pdf-uploads/${abandoned}`)).json.received).toEqual([0]);

    const kept = await keysOf(done);
    // A day later (sessions have expired by then: the store is read directly).
    setClock(Date.now() + 25 * HOUR);
    const run = await t.site.platform.runScheduled('upload-sweep');
    expect(run.status).toBe(200);
    expect(await run.json()).toEqual({ swept: 2, answers: 0, indexChunks: 0 });
    expect(await keysOf(abandoned)).toEqual([]);
    expect(await keysOf(refused)).toEqual([]);
    expect(await keysOf(done)).toEqual(kept);
    expect(kept).toContain(`pdf-parts/${done}/0000`);
  });
});

describe('the sweep at the moment an upload completes', () => {
  const record = (id: string) => new RegExp(`/pdf-uploads/${id}$`);

  it('a completion whose write comes after the sweep took the upload is told to choose the file again', async () => {
    const id = await upload(file(2000), [0]);
    const now = Date.now();
    // The completion's write of the record is held while a sweep a day later runs whole.
    const hold = holdFirstCall((call) => call.startsWith('PUT ') && record(id).test(call));
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    let completed: Awaited<ReturnType<typeof t.admin.post>>;
    try {
      const completing = t.admin.post(`/api/admin/pdf-uploads/${id}/complete`);
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      setClock(now + 25 * HOUR);
      expect((await t.site.platform.runScheduled('upload-sweep')).status).toBe(200);
      setClock(now);
      hold.release();
      completed = await completing;
    } finally {
      hold.release();
      await blobs.close();
    }
    // Never a 200 with an address whose parts are gone: the build could not join them.
    expect([completed.status, completed.json]).toEqual([
      404,
      { message: 'No such upload. Please choose the file again.' },
    ]);
    expect(await keysOf(id)).toEqual([]);
  });

  it('a sweep that read the upload before it completed keeps the completed file', async () => {
    const id = await upload(file(2000), [0]);
    const now = Date.now();
    // The sweep's first change after reading the upload is held while the completion runs whole.
    let read = false;
    const hold = holdFirstCall((call) => {
      if (call.startsWith('GET ') && record(id).test(call)) read = true;
      return read && /^(PUT|DELETE) /.test(call) && record(id).test(call);
    });
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    let completed: Awaited<ReturnType<typeof t.admin.post>>;
    let sweeping: ReturnType<typeof t.site.platform.runScheduled> | undefined;
    try {
      setClock(now + 25 * HOUR);
      sweeping = t.site.platform.runScheduled('upload-sweep');
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      setClock(now);
      completed = await t.admin.post(`/api/admin/pdf-uploads/${id}/complete`);
      hold.release();
      expect((await sweeping).status).toBe(200);
    } finally {
      hold.release();
      await sweeping;
      await blobs.close();
    }
    expect(completed.status, completed.text).toBe(200);
    expect(completed.json.pdfUrl).toMatch(new RegExp(`^/pdf/${id}/`));
    const status = await t.admin.get(`/api/admin/pdf-uploads/${id}`);
    expect([status.status, status.json.received]).toEqual([200, [0]]);
    expect(await keysOf(id)).toContain(`pdf-parts/${id}/0000`);
  });
});

describe('a part on its way while the sweep takes its upload', () => {
  it('is not kept or counted after the sweep', async () => {
    const bytes = file(PDF_PART_BYTES + 10);
    const id = await upload(bytes, [0]);
    const now = Date.now();
    // The last part's write (its count first) is held while a sweep a day later runs whole.
    const hold = holdFirstCall((call) => call.startsWith('PUT ') && call.includes(`/${id}/0001`));
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    let sent: Awaited<ReturnType<typeof putPart>>;
    try {
      const sending = putPart(id, 1, bytes.subarray(PDF_PART_BYTES));
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      setClock(now + 25 * HOUR);
      expect((await t.site.platform.runScheduled('upload-sweep')).status).toBe(200);
      setClock(now);
      hold.release();
      sent = await sending;
    } finally {
      hold.release();
      await blobs.close();
    }
    // Neither the part nor its count against the quota stays (no later sweep would find them: the
    // upload's pending marker is gone).
    expect(await keysOf(id)).toEqual([]);
    expect([sent.status, sent.json]).toEqual([
      404,
      { message: 'No such upload. Please choose the file again.' },
    ]);
  });
});

describe('the upload quota', () => {
  it('counts stored parts, shows the use to admins, and refuses what would pass it with 507', async () => {
    const before = await storage();
    expect(before.quotaBytes).toBe(2 * 1024 ** 3);
    await upload(file(3000), [0]);
    expect((await storage()).usedBytes).toBe(before.usedBytes + 3000);

    process.env.UPLOAD_QUOTA_BYTES = String(before.usedBytes + 5000);
    expect((await storage()).quotaBytes).toBe(before.usedBytes + 5000);
    const tooMuch = await t.admin.post('/api/admin/pdf-uploads', {
      fileName: 'big.pdf',
      size: 2001,
    });
    expect(tooMuch.status, tooMuch.text).toBe(507);
    expect(tooMuch.json).toEqual({
      message: expect.stringMatching(/^Upload storage is full: .* in use of .*\./),
    });
    // Sending a part again replaces it: it is not counted twice.
    const room = await upload(file(2000), []);
    expect((await putPart(room, 0, file(2000))).status).toBe(200);
    expect((await putPart(room, 0, file(2000))).status).toBe(200);
    expect((await storage()).usedBytes).toBe(before.usedBytes + 5000);
  });
});
