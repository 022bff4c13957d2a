import { assetSchema, type Asset, type AssetView } from '../../../schemas/media';
import { HttpError } from '../../http/errors';
import { MEDIA_KEYS } from '../../storage/keys';
import { createJSON, updateJSON, writeJSON } from '../../storage/store';
import { storeImage, uploadExists, type UploadedImage } from '../uploads';
import { indexRow } from './asset-index';
import {
  assetOfFile,
  fileOf,
  getAsset,
  idOf,
  mustGet,
  pointerSchema,
  store,
  view,
} from './records';

/** A file's name as the library shows it: the last part, without folders or odd characters. */
function displayName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').replace(/^.*[\\/]/, '').replace(/[\p{Cc}]/gu, '');
  return (base || fallback).slice(0, 200);
}

type Uploader = { uploadedBy: string; uploadedAt?: string; focalY?: number };

/**
 * Stores a checked image as an asset and answers it: the file (counted against the quota), the
 * record, the pointer from the file, the index row, in that order, so a retry after a failure
 * finishes what was begun. The same bytes again answer the asset they already are.
 *
 * So a delete of that asset can land while its bytes are uploaded again, and remove the file,
 * pointer or record this upload found or wrote: the uploader would get the address of nothing.
 * What it answers is checked once stored, and stored again while missing (the file is then
 * written anew), at most three times.
 */
export async function storeAsset(image: UploadedImage, by: Uploader): Promise<AssetView> {
  for (let attempt = 1; ; attempt++) {
    const stored = await storeAssetOnce(image, by);
    if (attempt === 3 || ((await uploadExists(stored.url)) && (await getAsset(stored.id))))
      return stored;
  }
}

async function storeAssetOnce(image: UploadedImage, by: Uploader): Promise<AssetView> {
  const file = fileOf(await storeImage(image));
  const owner = await assetOfFile(file);
  if (owner) {
    // A retry of an upload whose index write failed still lands in the list.
    await indexRow(owner);
    return view(owner);
  }
  const asset = assetSchema.parse({
    id: idOf(file),
    file,
    name: displayName(image.fileName, file),
    size: image.bytes.byteLength,
    width: image.width,
    height: image.height,
    type: image.contentType,
    uploadedBy: by.uploadedBy,
    uploadedAt: by.uploadedAt ?? new Date().toISOString(),
    ...(by.focalY === undefined ? {} : { focalY: by.focalY }),
  });
  const created = await createJSON(store(), MEDIA_KEYS.asset(asset.id), assetSchema, asset);
  const stored = created ? asset : await mustGet(asset.id);
  await writeJSON(store(), MEDIA_KEYS.byFile(file), pointerSchema, { id: stored.id });
  await indexRow(stored);
  return view(stored);
}

/**
 * Gives an asset a new file (same id, texts and focal point; the old file keeps serving at its
 * address until the asset is deleted). 409 when the new file is already another asset.
 */
export async function swapAssetFile(
  id: string,
  image: UploadedImage,
): Promise<{ before: Asset; after: Asset }> {
  const before = await mustGet(id);
  const file = fileOf(await storeImage(image));
  if (file === before.file) return { before, after: before };
  const owner = await assetOfFile(file);
  if (owner && owner.id !== id)
    throw new HttpError(
      409,
      `This file is already in the media library as “${owner.name}”: choose that image instead`,
    );
  // The pointer first: a failure after it leaves the new file owned, and a retry finishes the swap.
  await writeJSON(store(), MEDIA_KEYS.byFile(file), pointerSchema, { id });
  const after = await updateJSON(
    store(),
    MEDIA_KEYS.asset(id),
    assetSchema,
    () => {
      // Deleted since it was read: a replacement must not bring it back. Its new file's pointer
      // then names no asset, which reads as none (assetOfFile): an upload of the same bytes
      // makes an asset of them again.
      throw new HttpError(404, 'Image not found in the media library');
    },
    (current) => ({
      ...current,
      file,
      previousFiles: [...new Set([...current.previousFiles, current.file])].filter(
        (f) => f !== file,
      ),
      name: displayName(image.fileName, current.name),
      size: image.bytes.byteLength,
      width: image.width,
      height: image.height,
      type: image.contentType,
      updatedAt: new Date().toISOString(),
      rev: current.rev + 1,
    }),
  );
  await indexRow(after);
  return { before, after };
}
