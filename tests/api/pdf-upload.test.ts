/**
 * PDF upload for publications: the server believes the file's first bytes, not its
 * name or declared type; refuses other files with 415 and files over the cap with 413 JSON;
 * serves a stored PDF as application/pdf under a safe version of its uploaded name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PDF_BYTES, PDF_TOO_LARGE } from '../../src/schemas/upload-limits';
import { ADMIN, startAdminSite } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';
import { rawRequest } from '../helpers/raw-request';

let site: TestSite;
let adminCookie: string;
beforeAll(async () => {
  ({
    site,
    admin: { cookie: adminCookie },
  } = await startAdminSite({ users: { admin: ADMIN } }));
});
afterAll(() => site.close());

/** A small but well-formed PDF (one empty page), padded with a comment to `size` bytes when asked. */
function pdf(size = 0): Buffer {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n');
  const pad = Math.max(0, size - body.length);
  return Buffer.concat([
    Buffer.from(body),
    Buffer.from(`%${'x'.repeat(Math.max(0, pad - 2))}\n`.slice(0, pad)),
  ]);
}

function multipart(filename: string, type: string, bytes: Uint8Array) {
  const boundary = `----test${crypto.randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
const upload = (part: ReturnType<typeof multipart>, cookie = adminCookie) =>
  rawRequest(`${site.url}/api/admin/upload-pdf`, {
    headers: { 'Content-Type': part.contentType, Cookie: cookie },
    body: part.body,
  });

describe('POST /api/admin/upload-pdf', () => {
  it('stores a PDF and serves it as application/pdf under its (cleaned) file name', async () => {
    const bytes = pdf();
    const res = await upload(
      multipart('../Annual Report (final).PDF', 'application/octet-stream', bytes),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      pdfUrl: expect.stringMatching(/^\/api\/uploads\/[a-f0-9]{64}\.pdf$/),
      fileName: 'Annual-Report-final.pdf',
    });
    const got = await fetch(site.url + res.json.pdfUrl);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toBe(
      'attachment; filename="Annual-Report-final.pdf"',
    );
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses a file that is not a PDF with 415, whatever its name and declared type', async () => {
    const res = await upload(
      multipart(
        'report.pdf',
        'application/pdf',
        Buffer.from('<html><script>alert(1)</script></html>'),
      ),
    );
    expect(res.status).toBe(415);
    expect(res.json).toEqual({ message: 'Only PDF files can be uploaded here.' });
  });

  it('refuses a PDF over the cap with 413 JSON, and stores nothing', async () => {
    const res = await upload(multipart('big.pdf', 'application/pdf', pdf(MAX_PDF_BYTES + 1)));
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ message: PDF_TOO_LARGE });
    const atCap = await upload(multipart('cap.pdf', 'application/pdf', pdf(MAX_PDF_BYTES)));
    expect(atCap.status).toBe(201);
  });

  it('needs an admin', async () => {
    const part = multipart('a.pdf', 'application/pdf', pdf());
    const res = await rawRequest(`${site.url}/api/admin/upload-pdf`, {
      headers: { 'Content-Type': part.contentType },
      body: part.body,
    });
    expect(res.status).toBe(401);
    expect((await client(site.url).get(`/api/uploads/${'0'.repeat(64)}.pdf`)).status).toBe(404);
  });
});
