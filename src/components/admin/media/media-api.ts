import { mutate } from '../../../lib/api';
import { prepareUpload } from '../../../lib/image-resize';
import type { AssetPatch, AssetView } from '../../../schemas/media';

// Site images are shown larger than avatars: keep up to 2000 px (as the image fields do).
const MAX_SIDE = 2000;

/** One library item as the list answers it. */
export type LibraryItem = AssetView & { uses: number };

/** Uploads an image into the library (shrunk in the browser first) and answers the new asset's id and address. */
export async function uploadAsset(file: File): Promise<{ id: string; url: string }> {
  const body = new FormData();
  body.append('file', await prepareUpload(file, MAX_SIDE));
  return mutate<{ id: string; url: string }>('POST', '/api/admin/media', body);
}

/** Saves an asset's texts or focal point. */
export const saveAsset = (id: string, patch: AssetPatch) =>
  mutate<AssetView>('PATCH', `/api/admin/media/${id}`, patch);

/** The address of a page of the library. */
export const libraryUrl = (q: string, page: number, missingAlt = false, pageSize = 24) =>
  `/api/admin/media?${new URLSearchParams({
    q,
    page: String(page),
    pageSize: String(pageSize),
    ...(missingAlt ? { alt: 'missing' } : {}),
  })}`;
