import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  IMAGE_TOO_LARGE,
  MAX_IMAGE_BYTES,
  MAX_PDF_BYTES,
  MAX_UPLOAD_BODY_BYTES,
  PDF_TOO_LARGE,
} from '../../schemas/upload-limits';
import { HttpError, StorageError } from '../http/errors';
import { readBody } from '../http/http';
import { purgeTags } from '../http/cdn-cache';
import { blobCall, deleteKey, landedWrite, openStore, STORES } from '../storage/store';
import { releaseUploads, reserveUpload } from './upload-space';

export { MAX_IMAGE_BYTES };

// Decided by the file's first bytes, never by its name or declared type. No SVG: it can carry script.
const ACCEPTED: Record<string, { ext: string; contentType: string }> = {
  'image/jpeg': { ext: 'jpg', contentType: 'image/jpeg' },
  'image/png': { ext: 'png', contentType: 'image/png' },
  'image/apng': { ext: 'png', contentType: 'image/png' },
  'image/webp': { ext: 'webp', contentType: 'image/webp' },
};
const CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
const metadataSchema = z.object({
  contentType: z.enum(CONTENT_TYPES),
  /** PDFs keep the name they are downloaded under. */
  fileName: z.string().max(200).optional(),
});

/** Upload keys: sha256 of the bytes plus the extension, so the same file is stored once. */
export const UPLOAD_KEY = /^[a-f0-9]{64}\.(jpg|png|webp|pdf)$/;

const tooLarge = () => new HttpError(413, IMAGE_TOO_LARGE);
const wrongType = () => new HttpError(415, 'Only JPEG, PNG and WebP images can be uploaded.');

/**
 * The file in multipart field `field`, read with the body capped first (Request.formData() would
 * buffer any size): 415 unless multipart, `tooLarge` past `max`, 400 when missing or empty.
 */
async function readFileField(
  req: Request,
  field: string,
  max: number,
  tooLarge: () => HttpError,
  noun: string,
): Promise<File> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type))
    throw new HttpError(415, `Send the ${noun} as multipart/form-data in the field "${field}"`);
  const body = await readBody(req, MAX_UPLOAD_BODY_BYTES).catch((error) => {
    throw error instanceof HttpError && error.status === 413 ? tooLarge() : error;
  });
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    throw new HttpError(400, `The upload could not be read. Please choose the ${noun} again.`);
  }
  const file = form.get(field);
  if (!(file instanceof File)) {
    throw new HttpError(
      400,
      `Please choose ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun} to upload`,
      { [field]: `Please choose ${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun} to upload` },
    );
  }
  if (file.size > max) throw tooLarge();
  if (file.size === 0)
    throw new HttpError(400, 'The chosen file is empty', { [field]: 'The chosen file is empty' });
  return file;
}

/** The file's type as its first bytes prove it (loaded on use: GET-only functions never need it). */
async function sniff(bytes: Uint8Array): Promise<string | undefined> {
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(bytes))?.mime;
}

/**
 * Images above this many pixels are refused: a small file can declare a huge canvas (a 31 KB PNG
 * of 16,000 x 16,000 pixels), and every page that shows it makes the image CDN decode it all.
 * 40 megapixels is more than any camera photo needs.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Reads the dimensions from the file's header (no decoding) and refuses what is over budget or unreadable. */
async function assertPixelBudget(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const { imageSize } = await import('image-size');
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new HttpError(
      415,
      'The image could not be read. Please choose a JPEG, PNG or WebP photo.',
    );
  }
  const pixels = (size.width ?? 0) * (size.height ?? 0);
  if (!pixels)
    throw new HttpError(
      415,
      'The image could not be read. Please choose a JPEG, PNG or WebP photo.',
    );
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new HttpError(
      413,
      `The image is ${size.width} x ${size.height} pixels; at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels can be uploaded. Please resize it.`,
    );
  }
  return { width: size.width!, height: size.height! };
}

/** A checked image: its bytes, the extension and the content type its magic bytes prove, its pixels and name. */
export interface UploadedImage {
  bytes: Uint8Array<ArrayBuffer>;
  ext: string;
  contentType: string;
  width: number;
  height: number;
  /** The name it was chosen under, when it came as a file. */
  fileName?: string;
}

/** Reads the image in multipart field `field`: 415 unless multipart and JPEG/PNG/WebP, 413 past MAX_IMAGE_BYTES, 400 when missing. */
export async function readImageUpload(req: Request, field: string): Promise<UploadedImage> {
  const file = await readFileField(req, field, MAX_IMAGE_BYTES, tooLarge, 'image');
  return { ...(await checkImage(new Uint8Array(await file.arrayBuffer()))), fileName: file.name };
}

/**
 * The checks every stored image passes, whether uploaded or brought in from an address: 413 past
 * MAX_IMAGE_BYTES or the pixel budget, 415 unless its bytes are JPEG, PNG or WebP.
 */
export async function checkImage(bytes: Uint8Array<ArrayBuffer>): Promise<UploadedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw tooLarge();
  const mime = await sniff(bytes);
  const accepted = mime && ACCEPTED[mime];
  if (!accepted) throw wrongType();
  return { bytes, ...accepted, ...(await assertPixelBudget(bytes)) };
}

/** A checked PDF: its bytes and the name it is downloaded under. */
export interface UploadedPdf {
  bytes: Uint8Array<ArrayBuffer>;
  fileName: string;
}

/** '../Annual Report (final).PDF' → 'Annual-Report-final.pdf': a safe download name. */
export function pdfFileName(name: string): string {
  const base = name
    .replace(/^.*[\\/]/, '')
    .replace(/\.pdf$/i, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 120);
  return `${base || 'document'}.pdf`;
}

/** Reads the PDF in multipart field `field`: 415 unless its bytes are a PDF, 413 JSON past MAX_PDF_BYTES. */
export async function readPdfUpload(req: Request, field: string): Promise<UploadedPdf> {
  const file = await readFileField(
    req,
    field,
    MAX_PDF_BYTES,
    () => new HttpError(413, PDF_TOO_LARGE),
    'PDF',
  );
  const bytes = new Uint8Array(await file.arrayBuffer());
  if ((await sniff(bytes)) !== 'application/pdf')
    throw new HttpError(415, 'Only PDF files can be uploaded here.');
  return { bytes, fileName: pdfFileName(file.name) };
}

/** Stores a PDF under its content address and returns the public path to it; 507 past the upload quota. */
export async function storePdf(pdf: UploadedPdf): Promise<string> {
  const key = `${createHash('sha256').update(pdf.bytes).digest('hex')}.pdf`;
  await reserveUpload(key, pdf.bytes.byteLength);
  const metadata = metadataSchema.parse({ contentType: 'application/pdf', fileName: pdf.fileName });
  await landedWrite(`upload ${key}`, () =>
    openStore(STORES.uploads).set(key, new Blob([pdf.bytes]), { metadata, onlyIfNew: true }),
  );
  return `/api/uploads/${key}`;
}

/** Stores image bytes under their content address and returns the public path to them; 507 past the upload quota. */
export async function storeImage(
  image: Pick<UploadedImage, 'bytes' | 'ext' | 'contentType'>,
): Promise<string> {
  const key = `${createHash('sha256').update(image.bytes).digest('hex')}.${image.ext}`;
  await reserveUpload(key, image.bytes.byteLength);
  const metadata = metadataSchema.parse({ contentType: image.contentType });
  // Same bytes, same key: an existing copy is identical, so "already there" is success too.
  await landedWrite(`upload ${key}`, () =>
    openStore(STORES.uploads).set(key, new Blob([image.bytes]), { metadata, onlyIfNew: true }),
  );
  return `/api/uploads/${key}`;
}

/** An uploaded file (image or PDF) with its type and, for PDFs, its name; null when there is none under that key. */
export async function readImage(
  key: string,
): Promise<{ bytes: ArrayBuffer; contentType: string; fileName?: string } | null> {
  if (!UPLOAD_KEY.test(key)) return null;
  const found = await blobCall(`read upload ${key}`, () =>
    openStore(STORES.uploads).getWithMetadata(key, { type: 'arrayBuffer' }),
  );
  if (!found) return null;
  const metadata = metadataSchema.safeParse(found.metadata);
  if (!metadata.success)
    throw new StorageError(`Upload ${key} has no valid content type`, { cause: metadata.error });
  return {
    bytes: found.data,
    contentType: metadata.data.contentType,
    fileName: metadata.data.fileName,
  };
}

/** The CDN cache tag of one upload's answers, purged when the upload is deleted. */
export const uploadCacheTag = (key: string) => `upload-${key.split('.')[0]}`;

/**
 * Deletes an uploaded file named by its public path (`/api/uploads/<key>`) and purges the CDN's
 * copies of it; other addresses (an https photo elsewhere) are left alone. For personal photos:
 * a deleted testimonial's or an erased person's.
 */
export async function deleteUpload(path: string): Promise<boolean> {
  const key = path.startsWith('/api/uploads/') ? path.slice('/api/uploads/'.length) : '';
  if (!UPLOAD_KEY.test(key)) return false;
  await deleteKey(openStore(STORES.uploads), key);
  await releaseUploads(key);
  await purgeTags(uploadCacheTag(key));
  return true;
}

/** Whether an uploaded file still exists at this public path (reads its metadata, not its bytes). */
export async function uploadExists(path: string): Promise<boolean> {
  const key = path.startsWith('/api/uploads/') ? path.slice('/api/uploads/'.length) : '';
  if (!UPLOAD_KEY.test(key)) return false;
  return (
    (await blobCall(`read upload ${key}`, () => openStore(STORES.uploads).getMetadata(key))) !==
    null
  );
}
