/**
 * Full-size PDFs and data files, uploaded in parts. Each part is one request under the platform's body cap and
 * one blob (`pdf-parts/<id>/<index>`), written only when all its bytes arrived and matched their
 * digest: a dropped connection leaves no half part, and the browser resumes by sending the parts
 * the upload does not list yet. The first part must be a PDF by its bytes (a data file's: a CSV,
 * JSON or XLSX file, as its name says: data-files.ts). The build joins the
 * parts into one file in the deploy (pdf-deploy.ts); no function ever serves the whole file.
 * Until it completes, an upload has a pending marker keyed by its start time, so the sweep
 * (pdf-upload-sweep.ts) finds the abandoned ones from one listing. Parts count against the
 * site's upload quota (upload-space.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  parsePartedFileUrl,
  partCount,
  partedFileUrl,
  partLength,
  pdfUploadSchema,
  UPLOAD_ID,
  type PartedKind,
  type PdfUpload,
  type PdfUploadStatus,
} from '../../schemas/pdf-upload';
import {
  DATA_FILE_TOO_LARGE,
  MAX_DATA_FILE_BYTES,
  MAX_PDF_FILE_BYTES,
  NOT_A_DATA_FILE,
  NOT_A_PDF,
  PDF_FILE_TOO_LARGE,
  PDF_PART_BYTES,
} from '../../schemas/upload-limits';
import type { User } from '../../schemas/user';
import { HttpError, StorageError } from '../http/errors';
import { readBody } from '../http/http';
import {
  blobCall,
  createJSON,
  deleteKey,
  landedWrite,
  readJSON,
  updateJSON,
} from '../storage/store';
import { pdfFileName } from './uploads';
import { dataFileName, isDataFile } from './data-files';
import { assertUploadRoom, releaseUploads, reserveUpload } from './upload-space';
import { dropPdfUpload, partKey, partPrefix, pendingKey, store, uploadKey } from './pdf-part-store';

const partMetadataSchema = z.object({
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
  length: z.number().int().min(1),
});

/**
 * Opens an upload for a file of `size` bytes: 413 past the kind's limit, 415 for a data file whose
 * name is not .csv, .json or .xlsx, 507 when the site's upload storage has no room for it.
 */
export async function createPdfUpload(
  user: User,
  input: { fileName: string; size: number },
  kind: PartedKind = 'pdf',
): Promise<PdfUploadStatus> {
  if (kind === 'pdf' && input.size > MAX_PDF_FILE_BYTES)
    throw new HttpError(413, PDF_FILE_TOO_LARGE);
  if (kind === 'data' && input.size > MAX_DATA_FILE_BYTES)
    throw new HttpError(413, DATA_FILE_TOO_LARGE);
  const fileName = kind === 'pdf' ? pdfFileName(input.fileName) : dataFileName(input.fileName);
  if (!fileName) throw new HttpError(415, NOT_A_DATA_FILE);
  await assertUploadRoom(input.size);
  const upload = pdfUploadSchema.parse({
    id: randomBytes(16).toString('hex'),
    fileName,
    size: input.size,
    partSize: PDF_PART_BYTES,
    kind,
    createdAt: new Date().toISOString(),
    createdBy: user.username,
  });
  // The marker first: no upload is ever stored without the marker that lets the sweep find it.
  await landedWrite(`mark upload ${upload.id}`, () => store().set(pendingKey(upload), ''));
  if (!(await createJSON(store(), uploadKey(upload.id), pdfUploadSchema, upload)))
    throw new StorageError('Upload id collision');
  return status(upload, []);
}

const noSuchUpload = () => new HttpError(404, 'No such upload. Please choose the file again.');

/** The stored upload of that kind, or 404 (also for one the sweep is taking). */
async function findUpload(id: string, kind: PartedKind): Promise<PdfUpload> {
  const found = UPLOAD_ID.test(id) ? await readJSON(store(), uploadKey(id), pdfUploadSchema) : null;
  if (!found || found.value.kind !== kind || found.value.abandonedAt) throw noSuchUpload();
  return found.value;
}

/** Indexes of the parts stored so far. */
async function receivedParts(id: string): Promise<number[]> {
  const { blobs } = await blobCall(`list parts ${id}`, () =>
    store().list({ prefix: partPrefix(id) }),
  );
  return blobs
    .map((b) => Number(b.key.slice(partPrefix(id).length)))
    .filter(Number.isInteger)
    .sort((a, b) => a - b);
}

function status(upload: PdfUpload, received: number[]): PdfUploadStatus {
  return {
    id: upload.id,
    fileName: upload.fileName,
    size: upload.size,
    partSize: upload.partSize,
    partCount: partCount(upload.size),
    received,
    pdfUrl:
      upload.completedAt && upload.kind === 'pdf'
        ? partedFileUrl('pdf', upload.id, upload.fileName)
        : null,
    fileUrl: upload.completedAt ? partedFileUrl(upload.kind, upload.id, upload.fileName) : null,
  };
}

/** What the browser needs to resume: which parts are stored, and the address once complete. */
export async function pdfUploadStatus(
  id: string,
  kind: PartedKind = 'pdf',
): Promise<PdfUploadStatus> {
  const upload = await findUpload(id, kind);
  return status(upload, await receivedParts(id));
}

/** `Content-Digest: sha-256=:<base64>:` (RFC 9530) as hex, when the request carries one. */
function declaredDigest(req: Request): string | null {
  const header = req.headers.get('content-digest');
  if (!header) return null;
  const m = /(?:^|,)\s*sha-256=:([A-Za-z0-9+/=]+):/i.exec(header);
  if (!m) throw new HttpError(400, 'Content-Digest must carry a sha-256 value');
  return Buffer.from(m[1]!, 'base64').toString('hex');
}

/**
 * Stores part `index` of an upload. The body must be exactly that part's length (a shorter one
 * is a broken connection: 400, send it again) and match its Content-Digest when one is sent.
 * Part 0 must be a PDF by its bytes (415, and the upload is dropped with the parts it has). Sending
 * a part again replaces it, so a retry after a lost answer is harmless; 507 past the quota.
 */
export async function storePdfPart(
  req: Request,
  id: string,
  index: number,
  kind: PartedKind = 'pdf',
): Promise<{ index: number }> {
  const type = req.headers.get('content-type') ?? '';
  // Only types a cross-site form cannot send without asking first.
  if (!/^application\/(octet-stream|pdf)\b/i.test(type))
    throw new HttpError(415, 'Send each part as application/octet-stream');
  const upload = await findUpload(id, kind);
  if (upload.completedAt)
    throw new HttpError(
      409,
      'This upload is already complete. Upload the file again to replace it.',
    );
  const count = partCount(upload.size);
  if (!Number.isInteger(index) || index < 0 || index >= count)
    throw new HttpError(404, `This upload has parts 0 to ${count - 1}`);
  const expected = partLength(upload.size, index);
  const bytes = await readBody(req, expected).catch((error: unknown) => {
    throw error instanceof HttpError && error.status === 413
      ? new HttpError(413, `Part ${index} must be ${expected} bytes`)
      : error;
  });
  if (bytes.byteLength !== expected)
    throw new HttpError(
      400,
      `Part ${index} arrived incomplete (${bytes.byteLength} of ${expected} bytes). Please send it again.`,
    );
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const declared = declaredDigest(req);
  if (declared !== null && declared !== sha256)
    throw new HttpError(400, `Part ${index} arrived damaged. Please send it again.`);
  if (index === 0) {
    const { fileTypeFromBuffer } = await import('file-type');
    const whole = count === 1;
    const fits =
      upload.kind === 'pdf'
        ? (await fileTypeFromBuffer(bytes))?.mime === 'application/pdf'
        : await isDataFile(upload.fileName, bytes, whole);
    if (!fits) {
      // The pending marker stays: the sweep takes any part still in flight now.
      await dropPdfUpload(id);
      throw new HttpError(415, upload.kind === 'pdf' ? NOT_A_PDF : NOT_A_DATA_FILE);
    }
  }
  const metadata = partMetadataSchema.parse({ sha256, length: bytes.byteLength });
  await reserveUpload(partKey(id, index), bytes.byteLength);
  await landedWrite(`part ${index} of ${id}`, () =>
    store().set(partKey(id, index), new Blob([bytes as Uint8Array<ArrayBuffer>]), { metadata }),
  );
  // The sweep (or a refused first part) may have dropped the upload while this part was on its
  // way: it marks or deletes the record before it lists the parts and their counts, so a part
  // that landed after that listing would stay, counted against the quota, with nothing left to
  // sweep it. Read the record again and take the part out.
  const after = await readJSON(store(), uploadKey(id), pdfUploadSchema);
  if (!after || after.value.abandonedAt) {
    await deleteKey(store(), partKey(id, index));
    await releaseUploads(partKey(id, index));
    throw noSuchUpload();
  }
  return { index };
}

/** Closes an upload once every part is stored: 409 listing the missing ones otherwise. */
export async function completePdfUpload(
  id: string,
  kind: PartedKind = 'pdf',
): Promise<PdfUploadStatus> {
  const upload = await findUpload(id, kind);
  const received = await receivedParts(id);
  if (!upload.completedAt) {
    const have = new Set(received);
    const missing = Array.from({ length: partCount(upload.size) }, (_, i) => i).filter(
      (i) => !have.has(i),
    );
    if (missing.length) throw new HttpError(409, `Parts still missing: ${missing.join(', ')}`);
    // Guarded against the sweep's own write (sweepPendingUpload): an upload it marked, or already
    // deleted, is not brought back as complete with its parts gone.
    const done = await updateJSON(
      store(),
      uploadKey(id),
      pdfUploadSchema,
      () => {
        throw noSuchUpload();
      },
      (u) => {
        if (u.abandonedAt) throw noSuchUpload();
        return { ...u, completedAt: u.completedAt ?? new Date().toISOString() };
      },
    );
    await deleteKey(store(), pendingKey(done));
    return status(done, received);
  }
  return status(upload, received);
}

/** One stored part and its checked length and digest (the build joins them; admins download them). */
export async function readPdfPart(
  id: string,
  index: number,
): Promise<{ bytes: Uint8Array; sha256: string } | null> {
  if (!UPLOAD_ID.test(id)) return null;
  const found = await blobCall(`read part ${index} of ${id}`, () =>
    store().getWithMetadata(partKey(id, index), { type: 'arrayBuffer' }),
  );
  if (!found) return null;
  const meta = partMetadataSchema.safeParse(found.metadata);
  if (!meta.success)
    throw new StorageError(`Part ${index} of ${id} has no digest`, { cause: meta.error });
  return { bytes: new Uint8Array(found.data), sha256: meta.data.sha256 };
}

/** A completed upload behind a `/pdf/…` or `/data/…` address, or null when there is none. */
export async function completedUploadFor(url: string): Promise<PdfUpload | null> {
  const ref = parsePartedFileUrl(url);
  if (!ref) return null;
  const found = await readJSON(store(), uploadKey(ref.id), pdfUploadSchema);
  return found?.value.completedAt ? found.value : null;
}
