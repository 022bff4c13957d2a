/**
 * Shrinks a photo in the browser before upload: Netlify caps function request bodies at 6 MB
 * (binary counted base64-encoded), and a 1200 px WebP is plenty for an avatar.
 */
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from '../schemas/upload-limits';
import { ApiError } from './api';

/** Longest side after shrinking. */
export const MAX_IMAGE_SIDE = 1200;
/** Files at most this big and this wide are sent as they are. */
const SMALL_ENOUGH_BYTES = 1_000_000;
/** Encoder qualities tried in turn until the image fits under the server's cap. */
const QUALITIES = [0.85, 0.7, 0.5];
/** The hint under every image field: the cap rarely matters, since photos are shrunk first. */
export const IMAGE_HINT = 'JPG, PNG or WebP • large photos are resized';

const toBlob = (canvas: HTMLCanvasElement, type: string, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/** WebP, or JPEG where the browser cannot encode WebP (some silently fall back to PNG: check). */
async function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  const webp = await toBlob(canvas, 'image/webp', quality);
  return webp && webp.type === 'image/webp' ? webp : toBlob(canvas, 'image/jpeg', quality);
}

/**
 * Returns a WebP (or JPEG where WebP encoding is unsupported) no wider or taller than `maxSide`,
 * or the original file when it is already small or cannot be decoded (the server then decides).
 */
export async function shrinkImage(file: File, maxSide = MAX_IMAGE_SIDE): Promise<File> {
  if (typeof createImageBitmap !== 'function' || !file.type.startsWith('image/')) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= SMALL_ENOUGH_BYTES) return file;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    // A very detailed photo can still be over the cap at the first quality: step down until it fits.
    let blob: Blob | null = null;
    for (const quality of QUALITIES) {
      blob = await encode(canvas, quality);
      if (!blob || blob.size <= MAX_IMAGE_BYTES) break;
    }
    if (!blob || (scale === 1 && blob.size >= file.size)) return file;
    const ext = blob.type === 'image/webp' ? 'webp' : 'jpg';
    const name = `${file.name.replace(/\.[^.]+$/, '') || 'photo'}.${ext}`;
    return new File([blob], name, { type: blob.type });
  } finally {
    bitmap.close();
  }
}

/**
 * The file to upload: shrunk to `maxSide`, and refused here with the server's own message when it
 * is still over the cap (a photo the browser cannot decode), so it is never sent only to bounce.
 */
export async function prepareUpload(file: File, maxSide = MAX_IMAGE_SIDE): Promise<File> {
  const ready = await shrinkImage(file, maxSide);
  if (ready.size > MAX_IMAGE_BYTES)
    throw new ApiError(413, `413: ${IMAGE_TOO_LARGE}`, { message: IMAGE_TOO_LARGE });
  return ready;
}
