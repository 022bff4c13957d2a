import { z } from 'zod';
import { assetSchema, uploadUrl, type Asset, type AssetView } from '../../../schemas/media';
import { HttpError } from '../../http/errors';
import { MEDIA_KEYS } from '../../storage/keys';
import { openStore, readJSON, STORES } from '../../storage/store';

export const store = () => openStore(STORES.media);
export const pointerSchema = z.object({ id: z.string() });

export const view = (asset: Asset): AssetView => ({ ...asset, url: uploadUrl(asset.file) });
export const fileOf = (url: string) => url.slice('/api/uploads/'.length);
export const idOf = (file: string) => file.slice(0, 24);

/** The asset with this id, or null. */
export async function getAsset(id: string): Promise<Asset | null> {
  if (!/^[a-f0-9]{24}$/.test(id)) return null;
  return (await readJSON(store(), MEDIA_KEYS.asset(id), assetSchema))?.value ?? null;
}

export async function mustGet(id: string): Promise<Asset> {
  const asset = await getAsset(id);
  if (!asset) throw new HttpError(404, 'Image not found in the media library');
  return asset;
}

/** The asset that owns the upload `file` (its key), or null. */
export async function assetOfFile(file: string): Promise<Asset | null> {
  const pointer = await readJSON(store(), MEDIA_KEYS.byFile(file), pointerSchema);
  return pointer ? getAsset(pointer.value.id) : null;
}
