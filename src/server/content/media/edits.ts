import {
  assetSchema,
  uploadUrl,
  type Asset,
  type AssetPatch,
  type AssetView,
} from '../../../schemas/media';
import type { User } from '../../../schemas/user';
import { HttpError } from '../../http/errors';
import { commitChange } from '../../publishing/history';
import { MEDIA_KEYS } from '../../storage/keys';
import { deleteKey, updateJSON } from '../../storage/store';
import { deleteUpload } from '../uploads';
import { dropRow, indexRow } from './asset-index';
import { assetOfFile, fileOf, store, view } from './records';
import { assetUses, assetWithUses, inUseMessage } from './uses';

/**
 * Changes an asset's texts or focal point. The change is recorded in History; a new focal point
 * moves every crop of the image, so when something shows it the site is rebuilt.
 */
export async function patchAsset(
  user: Pick<User, 'username'>,
  id: string,
  patch: AssetPatch,
): Promise<AssetView> {
  let before: Asset | undefined;
  const after = await updateJSON(
    store(),
    MEDIA_KEYS.asset(id),
    assetSchema,
    () => {
      throw new HttpError(404, 'Image not found in the media library');
    },
    (current) => {
      before = current;
      return { ...current, ...patch, updatedAt: new Date().toISOString(), rev: current.rev + 1 };
    },
  );
  await indexRow(after);
  const moved = before!.focalX !== after.focalX || before!.focalY !== after.focalY;
  const shown = moved && (await assetUses(after)).length > 0;
  await commitChange(
    user,
    {
      action: 'update',
      target: `media/${id}`,
      summary: `${after.name}: ${Object.keys(patch).join(', ')}`,
      before: { ...before!, url: uploadUrl(before!.file) },
      after: view(after),
    },
    { rebuild: shown },
  );
  return view(after);
}

/** Deletes an unused asset: its row, its files and its record (409 while anything shows it). */
export async function deleteAsset(user: Pick<User, 'username'>, id: string): Promise<AssetView> {
  const { asset, uses } = await assetWithUses(id);
  if (uses.length > 0) throw new HttpError(409, inUseMessage(uses));
  // The row goes first: a failure part-way leaves a file nobody lists, never a row with no file.
  await dropRow(id);
  for (const file of [asset.file, ...asset.previousFiles]) {
    await deleteUpload(uploadUrl(file));
    await deleteKey(store(), MEDIA_KEYS.byFile(file));
  }
  await deleteKey(store(), MEDIA_KEYS.asset(id));
  // An edit that wrote the record before it went may have put the row back since: out again.
  await dropRow(id);
  await commitChange(
    user,
    { action: 'delete', target: `media/${id}`, summary: asset.name, before: view(asset) },
    { rebuild: false },
  );
  return view(asset);
}

/**
 * Takes out of the library the asset that owns an upload deleted for other reasons (an erased
 * person's photo): its row, pointer and record, so the library never lists a file that is gone.
 */
export async function forgetAssetOf(url: string): Promise<void> {
  if (!url.startsWith('/api/uploads/')) return;
  const file = fileOf(url);
  const asset = await assetOfFile(file);
  await deleteKey(store(), MEDIA_KEYS.byFile(file));
  if (!asset) return;
  await dropRow(asset.id);
  await deleteKey(store(), MEDIA_KEYS.asset(asset.id));
  // As deleteAsset: a row an edit put back meanwhile goes too.
  await dropRow(asset.id);
}
