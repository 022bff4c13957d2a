/**
 * Where an upload in parts keeps its blobs, in the uploads store: its record, its parts, and the
 * marker of an upload not yet complete; and how they all go. Shared by the upload itself
 * (pdf-parts.ts) and the sweep of abandoned ones (pdf-upload-sweep.ts).
 */
import type { PdfUpload } from '../../schemas/pdf-upload';
import { blobCall, deleteKey, openStore, STORES } from '../storage/store';
import { releaseUploads } from './upload-space';

export const store = () => openStore(STORES.uploads);
export const uploadKey = (id: string) => `pdf-uploads/${id}`;
export const partPrefix = (id: string) => `pdf-parts/${id}/`;
/** Zero-padded, so a listing comes in part order. */
export const partKey = (id: string, index: number) =>
  `${partPrefix(id)}${String(index).padStart(4, '0')}`;
/** Marks an upload not yet complete: `pdf-pending/<start ms, 13 digits>/<id>`, so a listing finds the old ones. */
export const PENDING_PREFIX = 'pdf-pending/';
export const pendingKey = (upload: Pick<PdfUpload, 'id' | 'createdAt'>) =>
  `${PENDING_PREFIX}${String(Date.parse(upload.createdAt)).padStart(13, '0')}/${upload.id}`;

/** Deletes an upload's record, its parts and their count against the quota. */
export async function dropPdfUpload(id: string): Promise<void> {
  await deleteKey(store(), uploadKey(id));
  const { blobs } = await blobCall(`list parts ${id}`, () =>
    store().list({ prefix: partPrefix(id) }),
  );
  for (const { key } of blobs) await deleteKey(store(), key);
  await releaseUploads(partPrefix(id));
}
