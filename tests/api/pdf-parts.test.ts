/**
 * Full-size PDFs and data files: a 60 MB report goes up in parts through the real functions, survives a
 * connection killed in the middle of a part, resumes with the parts the server lists, and after
 * the build is a file of the deploy, byte for byte, at an address that changes with a new
 * upload. Unpublished items' PDFs stay out of the deploy. Too large is 413 JSON, not a PDF is
 * 415 JSON, and a damaged or incomplete upload never completes. Data files (CSV, JSON, XLSX) go
 * up the same way, checked by name and contents, and are downloads of the deploy listed on their
 * report's page with a preview and described as a schema.org Dataset.
 */
import { createHash, randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from 'node:zlib';
import {
  DATA_FILE_TOO_LARGE,
  MAX_DATA_FILE_BYTES,
  NOT_A_DATA_FILE,
  MAX_PDF_FILE_BYTES,
  NOT_A_PDF,
  PDF_FILE_TOO_LARGE,
  PDF_PART_BYTES,
} from '../../src/schemas/upload-limits';
import { builtPages } from '../helpers/built-pages';
import { startAdminSite } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';
import { rawRequest } from '../helpers/raw-request';

let site: TestSite;
let cookie: string;
let admin: ReturnType<typeof client>;
const { page, html } = builtPages(() => site.url);

beforeAll(async () => {
  ({
    site,
    admin,
    admin: { cookie },
  } = await startAdminSite({
    pages: true,
    users: { admin: { username: 'editor', password: 'correct horse battery staple' } },
  }));
}, 180_000);
afterAll(() => site?.close());

/** A PDF of `size` bytes: a real header, random filler (so a part out of place shows), the trailer. */
function pdf(size: number): Buffer {
  const head = Buffer.from(
    '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n%',
  );
  const tail = Buffer.from('\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  return Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]);
}

const digest = (bytes: Uint8Array) =>
  `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`;
const partOf = (file: Buffer, index: number) =>
  file.subarray(index * PDF_PART_BYTES, (index + 1) * PDF_PART_BYTES);
const putPart = (
  id: string,
  index: number,
  bytes: Uint8Array,
  headers: Record<string, string> = {},
) =>
  rawRequest(`${site.url}/api/admin/pdf-uploads/${id}/parts/${index}`, {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Digest': digest(bytes),
      Cookie: cookie,
      ...headers,
    },
    body: bytes,
  });

/** Sends half of a part and then drops the connection, as a train going into a tunnel would. */
async function killedMidPart(id: string, index: number, bytes: Uint8Array): Promise<void> {
  await new Promise<void>((resolve) => {
    const req = http.request(`${site.url}/api/admin/pdf-uploads/${id}/parts/${index}`, {
      method: 'PUT',
      agent: false,
      headers: {
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(bytes.byteLength),
        Cookie: cookie,
      },
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    req.write(bytes.subarray(0, bytes.byteLength / 2), () => {
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100);
    });
  });
}

describe('a 60 MB PDF in parts', () => {
  const file = pdf(60 * 1024 * 1024);
  let pdfUrl = '';

  it('uploads in parts, resumes after a killed connection, and completes', async () => {
    const created = await admin.post('/api/admin/pdf-uploads', {
      fileName: 'Frontier Report (final).PDF',
      size: file.length,
    });
    expect(created.status, created.text).toBe(201);
    const { id, partCount, partSize } = created.json;
    expect([partSize, partCount]).toEqual([PDF_PART_BYTES, 15]);

    for (let i = 0; i < 7; i++) expect((await putPart(id, i, partOf(file, i))).status).toBe(200);
    await killedMidPart(id, 7, partOf(file, 7));

    // After the drop the browser asks what arrived and sends only the rest.
    const status = await admin.get(`/api/admin/pdf-uploads/${id}`);
    expect(status.json).toMatchObject({ received: [0, 1, 2, 3, 4, 5, 6], pdfUrl: null });
    const early = await admin.post(`/api/admin/pdf-uploads/${id}/complete`);
    expect([early.status, early.json.message]).toEqual([
      409,
      'Parts still missing: 7, 8, 9, 10, 11, 12, 13, 14',
    ]);
    for (let i = 7; i < partCount; i++)
      expect((await putPart(id, i, partOf(file, i))).status).toBe(200);

    const done = await admin.post(`/api/admin/pdf-uploads/${id}/complete`);
    expect(done.status, done.text).toBe(200);
    expect(done.json.pdfUrl).toBe(`/pdf/${id}/Frontier-Report-final.pdf`);
    pdfUrl = done.json.pdfUrl;
    // A closed upload takes no more parts.
    expect((await putPart(id, 0, partOf(file, 0))).status).toBe(409);
  }, 120_000);

  it('is a file of the deploy after the build, byte-identical, cached for a year', async () => {
    const report = await admin.post('/api/publications', {
      title: 'Frontier Report',
      description: 'The full report.',
      pdf: pdfUrl,
    });
    expect(report.status).toBe(201);
    await site.platform.build();
    const res = await fetch(site.url + pdfUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const got = Buffer.from(await res.arrayBuffer());
    expect(got.length).toBe(file.length);
    expect(got.equals(file)).toBe(true);
    // It is a file in the build's output (what Netlify uploads to its CDN), not a function's answer.
    expect((await stat(path.join(site.platform.builder.site!.root, pdfUrl))).size).toBe(
      file.length,
    );
    const link = (await html('/publications/frontier-report')).querySelector('a[download$=".pdf"]');
    expect(link?.getAttribute('href')).toBe(pdfUrl);
  }, 180_000);

  it('a replaced PDF gets a new address; drafts and scheduled items keep theirs out of the deploy; a missing PDF never fails the build', async () => {
    const small = pdf(1000);
    const upload = async () => {
      const { json } = await admin.post('/api/admin/pdf-uploads', {
        fileName: 'draft.pdf',
        size: small.length,
      });
      expect((await putPart(json.id, 0, small)).status).toBe(200);
      return (await admin.post(`/api/admin/pdf-uploads/${json.id}/complete`)).json.pdfUrl as string;
    };
    const [again, draftPdf, scheduledPdf] = [await upload(), await upload(), await upload()];
    expect(again).not.toBe(pdfUrl);
    await admin.post('/api/publications', {
      title: 'Draft Findings',
      description: 'Not yet.',
      status: 'draft',
      pdf: draftPdf,
    });
    await admin.post('/api/publications', {
      title: 'Later Findings',
      description: 'Soon.',
      status: 'scheduled',
      publishAt: '2099-01-01T09:00',
      pdf: scheduledPdf,
    });
    // An address no upload completed: the build still succeeds, and the page offers no PDF.
    await admin.post('/api/publications', {
      title: 'Lost Parts',
      description: 'Its PDF never arrived.',
      pdf: `/pdf/${'0'.repeat(32)}/lost.pdf`,
    });
    await site.platform.build();
    expect((await page(draftPdf)).status).toBe(404);
    expect((await page(scheduledPdf)).status).toBe(404);
    expect((await page(pdfUrl)).status).toBe(200);
    expect(
      (await html('/publications/lost-parts')).querySelector('a[download$=".pdf"]'),
    ).toBeNull();
  }, 180_000);
});

describe('refusals', () => {
  it('refuses a file over 100 MB with 413 JSON before any byte is sent', async () => {
    const res = await admin.post('/api/admin/pdf-uploads', {
      fileName: 'huge.pdf',
      size: 101 * 1024 * 1024,
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ message: PDF_FILE_TOO_LARGE });
    expect(
      (
        await admin.post('/api/admin/pdf-uploads', {
          fileName: 'cap.pdf',
          size: MAX_PDF_FILE_BYTES,
        })
      ).status,
    ).toBe(201);
  });

  it('refuses a file that is not a PDF with 415 JSON, whatever its name, and drops the upload', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const { json } = await admin.post('/api/admin/pdf-uploads', {
      fileName: 'report.pdf',
      size: html.length,
    });
    const res = await putPart(json.id, 0, html, { 'Content-Type': 'application/pdf' });
    expect(res.status).toBe(415);
    expect(res.json).toEqual({ message: NOT_A_PDF });
    expect((await admin.get(`/api/admin/pdf-uploads/${json.id}`)).status).toBe(404);
  });

  it('refuses a damaged, short or oversized part, and parts sent as a form', async () => {
    const file = pdf(PDF_PART_BYTES + 10);
    const { json } = await admin.post('/api/admin/pdf-uploads', {
      fileName: 'a.pdf',
      size: file.length,
    });
    const damaged = await putPart(json.id, 1, Buffer.from('0123456789'), {
      'Content-Digest': digest(Buffer.from('something else')),
    });
    expect([damaged.status, damaged.json.message]).toEqual([
      400,
      'Part 1 arrived damaged. Please send it again.',
    ]);
    const short = await putPart(json.id, 1, Buffer.from('01234'));
    expect(short.status).toBe(400);
    expect((await putPart(json.id, 1, Buffer.alloc(11))).status).toBe(413);
    expect(
      (await putPart(json.id, 0, partOf(file, 0), { 'Content-Type': 'text/plain' })).status,
    ).toBe(415);
    expect((await putPart(json.id, 2, Buffer.from('x'))).status).toBe(404);
    expect((await admin.get(`/api/admin/pdf-uploads/${json.id}`)).json.received).toEqual([]);
  });

  it('needs an editor', async () => {
    expect(
      (await client(site.url).post('/api/admin/pdf-uploads', { fileName: 'a.pdf', size: 10 }))
        .status,
    ).toBe(401);
  });
});

/** A ZIP with its entries stored (not compressed): enough of an XLSX for its signature. */
function storedZip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    locals.push(local, fileName, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
const xlsx = () =>
  storedZip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ],
    ['xl/workbook.xml', '<workbook/>'],
  ]);

describe('data files', () => {
  const putDataPart = (id: string, index: number, bytes: Uint8Array) =>
    rawRequest(`${site.url}/api/admin/data-uploads/${id}/parts/${index}`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/octet-stream',
        'Content-Digest': digest(bytes),
        Cookie: cookie,
      },
      body: bytes,
    });
  /** Uploads `file` as `fileName` in parts, as the admin does; answers the address, or the first refusal. */
  const uploadData = async (fileName: string, file: Buffer) => {
    const made = await admin.post('/api/admin/data-uploads', { fileName, size: file.length });
    expect(made.status, made.text).toBe(201);
    for (let index = 0; index < made.json.partCount; index++) {
      const put = await putDataPart(made.json.id, index, partOf(file, index));
      if (put.status !== 200) return { id: made.json.id as string, refused: put };
    }
    const done = await admin.post(`/api/admin/data-uploads/${made.json.id}/complete`);
    expect(done.status, done.text).toBe(200);
    expect(done.json.pdfUrl).toBeNull();
    return { id: made.json.id as string, url: done.json.fileUrl as string };
  };

  it('refuses a name or contents that are not CSV, JSON or XLSX, and files over 50 MB', async () => {
    const txt = await admin.post('/api/admin/data-uploads', { fileName: 'notes.txt', size: 10 });
    expect([txt.status, txt.json.message]).toEqual([415, NOT_A_DATA_FILE]);
    const big = await admin.post('/api/admin/data-uploads', {
      fileName: 'big.csv',
      size: MAX_DATA_FILE_BYTES + 1,
    });
    expect([big.status, big.json.message]).toEqual([413, DATA_FILE_TOO_LARGE]);
    // The name and the bytes must agree, whichever way round.
    for (const [name, bytes] of [
      ['sheet.xlsx', Buffer.from('country,score\nChile,3\n')],
      ['table.csv', pdf(2000)],
      ['table.csv', xlsx()],
      ['records.json', Buffer.from('country,score\n')],
      ['table.csv', Buffer.from([0x63, 0x6f, 0xc3, 0x28, 0x0a])], // not UTF-8
    ] as const) {
      const { id, refused } = await uploadData(name, bytes);
      expect([refused?.status, refused?.json.message], name).toEqual([415, NOT_A_DATA_FILE]);
      expect((await admin.get(`/api/admin/data-uploads/${id}`)).status).toBe(404);
    }
    const good = await uploadData('Scores 2025.XLSX', xlsx());
    expect(good.url).toMatch(/^\/data\/[a-f0-9]{32}\/Scores-2025\.xlsx$/);
    // A PDF upload is not reachable as a data upload, nor the other way round.
    const pdfUpload = await admin.post('/api/admin/pdf-uploads', { fileName: 'r.pdf', size: 10 });
    expect((await admin.get(`/api/admin/data-uploads/${pdfUpload.json.id}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/pdf-uploads/${good.id}`)).status).toBe(404);
    expect(
      (await client(site.url).post('/api/admin/data-uploads', { fileName: 'a.csv', size: 10 }))
        .status,
    ).toBe(401);
  });

  it('a CSV in parts is a download of the deploy, listed with its size, dictionary and first rows, and described as a Dataset', async () => {
    const rows = Array.from({ length: 200_000 }, (_, n) => `Country ${n},2025,${n % 100}`);
    const csv = Buffer.from(
      `country,year,score\r\n"Korea, Republic of",2025,"7 ""high"""\r\n${rows.join('\r\n')}\r\n`,
    );
    expect(csv.length).toBeGreaterThan(PDF_PART_BYTES); // more than one part
    const { url } = await uploadData('scores.csv', csv);
    const sheet = await uploadData('scores.xlsx', xlsx());
    const refused = await admin.post('/api/publications', {
      title: 'Broken Data',
      description: 'A file with no upload behind it.',
      dataFiles: [{ url: '/api/uploads/elsewhere.csv', title: 'Elsewhere' }],
    });
    expect(refused.status).toBe(400);
    const saved = await admin.post('/api/publications', {
      title: 'Open Data Report',
      description: 'The scores behind the report.',
      dataFiles: [
        {
          url,
          title: 'Scores by country',
          description: 'One row per country and year.',
          columns: [
            { name: 'country', meaning: 'Country name', unit: '' },
            { name: 'score', meaning: 'Readiness score', unit: 'points (0-100)' },
          ],
        },
        { url: sheet.url, title: 'Scores workbook' },
      ],
    });
    expect(saved.status, saved.text).toBe(201);
    await site.platform.build();

    const res = await fetch(site.url + url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(Buffer.from(await res.arrayBuffer()).equals(csv)).toBe(true);
    const workbook = await fetch(site.url + sheet.url!);
    expect(workbook.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );

    const doc = await html('/publications/open-data-report');
    const [first, second] = doc.querySelectorAll('[data-testid="data-file"]');
    expect(first!.querySelector('a')!.getAttribute('href')).toBe(url);
    expect(first!.querySelector('a')!.getAttribute('download')).toBe('scores.csv');
    expect(first!.querySelector('[data-testid="data-file-meta"]')!.text.trim()).toBe(
      `CSV, ${(csv.length / 1024 / 1024).toFixed(1)} MB`,
    );
    const table = first!.querySelector('[data-testid="data-preview"] table')!;
    expect(table.querySelectorAll('thead th').map((th) => th.text.trim())).toEqual([
      'country',
      'year',
      'score',
    ]);
    const body = table
      .querySelectorAll('tbody tr')
      .map((tr) => tr.querySelectorAll('td').map((td) => td.text.trim()));
    expect(body).toHaveLength(5);
    expect(body[0]).toEqual(['Korea, Republic of', '2025', '7 "high"']);
    expect(first!.text).toContain('Readiness score');
    expect(first!.text).toContain('points (0-100)');
    expect(second!.querySelector('[data-testid="data-file-meta"]')!.text.trim()).toMatch(
      /^XLSX, \d+ bytes$/,
    );
    expect(second!.querySelector('[data-testid="data-preview"]')).toBeNull();

    const datasets = doc
      .querySelectorAll('script[type="application/ld+json"]')
      .map((s) => JSON.parse(s.text) as Record<string, any>)
      .filter((ld) => ld['@type'] === 'Dataset');
    expect(datasets).toHaveLength(2);
    expect(datasets[0]).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Scores by country',
      description: 'One row per country and year.',
      license: 'https://creativecommons.org/licenses/by/4.0/',
      distribution: [
        {
          '@type': 'DataDownload',
          encodingFormat: 'text/csv',
          contentSize: `${csv.length} B`,
        },
      ],
      variableMeasured: [
        { '@type': 'PropertyValue', name: 'country', description: 'Country name' },
        {
          '@type': 'PropertyValue',
          name: 'score',
          description: 'Readiness score',
          unitText: 'points (0-100)',
        },
      ],
    });
    expect(datasets[0]!.distribution[0].contentUrl).toMatch(new RegExp(`^https?://[^/]+${url}$`));
    expect(datasets[1]!.description.length).toBeGreaterThanOrEqual(50);
  }, 180_000);
});
