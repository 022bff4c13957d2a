import { createHash } from 'node:crypto';
import { z } from 'zod';
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, MAX_UPLOAD_BODY_BYTES } from '../schemas/upload-limits';
import { HttpError, StorageError } from './errors';
import { readBody } from './http';
import { blobCall, landedWrite, openStore, STORES } from './store';

export { MAX_IMAGE_BYTES };

// Decided by the file's first bytes, never by its name or declared type. No SVG: it can carry script.
const ACCEPTED: Record<string, { ext: string; contentType: string }> = {
  'image/jpeg': { ext: 'jpg', contentType: 'image/jpeg' },
  'image/png': { ext: 'png', contentType: 'image/png' },
  'image/apng': { ext: 'png', contentType: 'image/png' },
  'image/webp': { ext: 'webp', contentType: 'image/webp' },
};
const CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const metadataSchema = z.object({ contentType: z.enum(CONTENT_TYPES) });

/** Upload keys: sha256 of the bytes plus the extension, so the same image is stored once. */
export const UPLOAD_KEY = /^[a-f0-9]{64}\.(jpg|png|webp)$/;

const tooLarge = () => new HttpError(413, IMAGE_TOO_LARGE);
const wrongType = () => new HttpError(415, 'Only JPEG, PNG and WebP images can be uploaded.');

/** A checked image: its bytes, the extension and the content type its magic bytes prove. */
export interface UploadedImage {
  bytes: Uint8Array<ArrayBuffer>;
  ext: string;
  contentType: string;
}

/** Reads the image in multipart field `field`: 415 unless multipart and JPEG/PNG/WebP, 413 past MAX_IMAGE_BYTES, 400 when missing. */
export async function readImageUpload(req: Request, field: string): Promise<UploadedImage> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\b/i.test(type)) throw new HttpError(415, `Send the image as multipart/form-data in the field "${field}"`);
  // Request.formData() would buffer any size: cap the read first, then parse the capped bytes.
  const body = await readBody(req, MAX_UPLOAD_BODY_BYTES).catch((error) => {
    throw error instanceof HttpError && error.status === 413 ? tooLarge() : error;
  });
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'The upload could not be read. Please choose the image again.');
  }
  const file = form.get(field);
  if (!(file instanceof Blob)) {
    throw new HttpError(400, 'Please choose an image to upload', { [field]: 'Please choose an image to upload' });
  }
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
  if (file.size === 0) throw new HttpError(400, 'The chosen file is empty', { [field]: 'The chosen file is empty' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Loaded here, not at module load: the GET-only uploads function never needs it (cold start).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  const accepted = detected && ACCEPTED[detected.mime];
  if (!accepted) throw wrongType();
  return { bytes, ...accepted };
}

/** Stores image bytes under their content address and returns the public path to them. */
export async function storeImage(image: UploadedImage): Promise<string> {
  const key = `${createHash('sha256').update(image.bytes).digest('hex')}.${image.ext}`;
  const metadata = metadataSchema.parse({ contentType: image.contentType });
  // Same bytes, same key: an existing copy is identical, so "already there" is success too.
  await landedWrite(`upload ${key}`, () => openStore(STORES.uploads).set(key, new Blob([image.bytes]), { metadata, onlyIfNew: true }));
  return `/api/uploads/${key}`;
}

/** An uploaded image and its type, or null when there is none under that key. */
export async function readImage(key: string): Promise<{ bytes: ArrayBuffer; contentType: string } | null> {
  if (!UPLOAD_KEY.test(key)) return null;
  const found = await blobCall(`read upload ${key}`, () => openStore(STORES.uploads).getWithMetadata(key, { type: 'arrayBuffer' }));
  if (!found) return null;
  const metadata = metadataSchema.safeParse(found.metadata);
  if (!metadata.success) throw new StorageError(`Upload ${key} has no valid content type`, { cause: metadata.error });
  return { bytes: found.data, contentType: metadata.data.contentType };
}
