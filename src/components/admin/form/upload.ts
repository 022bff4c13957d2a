import { mutate } from '../../../lib/api';
import { prepareUpload } from '../../../lib/image-resize';

// Site images are shown larger than avatars: keep up to 2000 px.
const MAX_SIDE = 2000;

/** Accepted image types (the server checks the bytes too). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Uploads an image (POST /api/admin/upload, field 'file') and resolves to its address. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', await prepareUpload(file, MAX_SIDE));
  const { imageUrl } = await mutate<{ imageUrl: string }>('POST', '/api/admin/upload', body);
  return imageUrl;
}
