import { mutate } from '../../../lib/api';

// Netlify caps request bodies near 6 MB; photos straight off a camera are shrunk first.
const MAX_SIDE = 2000;
const SHRINK_ABOVE_BYTES = 1.5 * 1024 * 1024;

/** Accepted image types (the server checks the bytes too). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

async function shrink(file: File): Promise<Blob> {
  if (file.size <= SHRINK_ABOVE_BYTES || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.85));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

/** Uploads an image (POST /api/admin/upload, field 'file') and resolves to its address. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  const data = await shrink(file);
  body.append('file', data, data === file ? file.name : file.name.replace(/\.\w+$/, '') + '.webp');
  const { imageUrl } = await mutate<{ imageUrl: string }>('POST', '/api/admin/upload', body);
  return imageUrl;
}
