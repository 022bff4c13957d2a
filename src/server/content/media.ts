/**
 * The media library: every image an editor uploads is an asset, its file stored once under the
 * hash of its bytes (uploads.ts) and its record one key in the media store (`assets/<id>`). The
 * library lists and searches one small index (`asset-index`, a row per asset) and counts uses
 * from the uses index the change pipeline keeps (publishing/media-uses.ts), so no request reads
 * every asset or every record.
 *
 * Records keep the asset's address (`/api/uploads/<key>`), which names its file; `by-file/<key>`
 * says which asset owns a file. The same bytes uploaded again are the same asset.
 */
import { z } from 'zod';
import {
  assetSchema,
  uploadUrl,
  type Asset,
  type AssetPatch,
  type AssetUse,
  type AssetView,
  type ImageFocus,
  type MediaPage,
} from '../../schemas/media';
import type { User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { MEDIA_KEYS } from '../storage/keys';
import { paginate, type PageQuery } from '../storage/records';
import {
  createJSON,
  deleteKey,
  openStore,
  readJSON,
  readJSONShared,
  readMetadata,
  STORES,
  updateJSON,
  writeJSON,
} from '../storage/store';
import { commitChange } from '../publishing/history';
import { usesOf } from '../publishing/media-uses';
import { deleteUpload, storeImage, type UploadedImage } from './uploads';

const store = () => openStore(STORES.media);
const indexSchema = z.object({ rows: z.array(assetSchema).default([]) });
const pointerSchema = z.object({ id: z.string() });

export const view = (asset: Asset): AssetView => ({ ...asset, url: uploadUrl(asset.file) });
const fileOf = (url: string) => url.slice('/api/uploads/'.length);
const idOf = (file: string) => file.slice(0, 24);

/** A file's name as the library shows it: the last part, without folders or odd characters. */
function displayName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').replace(/^.*[\\/]/, '').replace(/[\p{Cc}]/gu, '');
  return (base || fallback).slice(0, 200);
}

/**
 * What the index's metadata says of its rows, written in the same write as the rows: the
 * dashboard's count reads it without reading the index.
 */
export const assetIndexMetadata = (rows: readonly Asset[]) => ({
  withoutAlt: rows.filter((a) => !a.alt.trim()).length,
});

/** Puts an asset's row into the index (or replaces it): the record is written first, then this. */
async function indexRow(asset: Asset): Promise<void> {
  await updateJSON(
    store(),
    MEDIA_KEYS.index,
    indexSchema,
    () => ({ rows: [] }),
    (doc) => ({ rows: [...doc.rows.filter((r) => r.id !== asset.id), asset] }),
    { metadata: (doc) => assetIndexMetadata(doc.rows) },
  );
}

async function dropRow(id: string): Promise<void> {
  await updateJSON(
    store(),
    MEDIA_KEYS.index,
    indexSchema,
    () => ({ rows: [] }),
    (doc) => ({ rows: doc.rows.filter((r) => r.id !== id) }),
    { metadata: (doc) => assetIndexMetadata(doc.rows) },
  );
}

/** The asset with this id, or null. */
export async function getAsset(id: string): Promise<Asset | null> {
  if (!/^[a-f0-9]{24}$/.test(id)) return null;
  return (await readJSON(store(), MEDIA_KEYS.asset(id), assetSchema))?.value ?? null;
}

async function mustGet(id: string): Promise<Asset> {
  const asset = await getAsset(id);
  if (!asset) throw new HttpError(404, 'Image not found in the media library');
  return asset;
}

/** The asset that owns the upload `file` (its key), or null. */
export async function assetOfFile(file: string): Promise<Asset | null> {
  const pointer = await readJSON(store(), MEDIA_KEYS.byFile(file), pointerSchema);
  return pointer ? getAsset(pointer.value.id) : null;
}

/**
 * Stores a checked image as an asset and answers it: the file (counted against the quota), the
 * record, the pointer from the file, the index row, in that order, so a retry after a failure
 * finishes what was begun. The same bytes again answer the asset they already are.
 */
export async function storeAsset(
  image: UploadedImage,
  by: { uploadedBy: string; uploadedAt?: string; focalY?: number },
): Promise<AssetView> {
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
    () => before,
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
    }),
  );
  await indexRow(after);
  return { before, after };
}

/** Every place that shows the asset: its current file's uses and those of files it replaced. */
export async function assetUses(asset: Asset): Promise<AssetUse[]> {
  const all = await Promise.all([asset.file, ...asset.previousFiles].map(usesOf));
  return all.flat();
}

const matches = (asset: Asset, q: string) =>
  [asset.name, asset.alt, asset.credit].some((t) => t.toLowerCase().includes(q));

/**
 * A page of the library, newest first: searched by name, alt text and credit (`q`), or only the
 * assets without alt text. One read of the index, then one uses document per asset shown.
 */
export async function listAssets(
  query: Pick<PageQuery, 'page' | 'pageSize' | 'q'> & { missingAlt?: boolean },
): Promise<MediaPage> {
  const [doc, migrated] = await Promise.all([
    readJSONShared(store(), MEDIA_KEYS.index, indexSchema),
    readJSON(store(), MEDIA_KEYS.migrated, z.unknown()),
  ]);
  const q = query.q.trim().toLowerCase();
  const rows = (doc?.rows ?? [])
    .filter((a) => (!q || matches(a, q)) && (!query.missingAlt || !a.alt.trim()))
    .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt) || a.id.localeCompare(b.id));
  const page = paginate(rows, query);
  const items = await Promise.all(
    page.items.map(async (a) => ({ ...view(a), uses: (await assetUses(a)).length })),
  );
  return { ...page, items, migrated: migrated !== null };
}

/**
 * How many assets lack a default alt text (the dashboard's count): from the index's metadata,
 * and from its rows only while it was last written by a version that kept no count there.
 */
export async function assetsWithoutAlt(): Promise<number> {
  const meta = await readMetadata(store(), MEDIA_KEYS.index);
  if (meta === null) return 0;
  if (typeof meta.withoutAlt === 'number') return meta.withoutAlt;
  const doc = await readJSONShared(store(), MEDIA_KEYS.index, indexSchema);
  return assetIndexMetadata(doc?.rows ?? []).withoutAlt;
}

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
      return { ...current, ...patch, updatedAt: new Date().toISOString() };
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

/** The refusal of a delete while `uses` show the image, naming them. */
export function inUseMessage(uses: AssetUse[]): string {
  const names = [...new Set(uses.map((u) => u.label))];
  return `This image is still shown in ${uses.length} place${uses.length === 1 ? '' : 's'} (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}): choose another image there first`;
}

/** The asset and every place that shows it; 404 when unknown. */
export async function assetWithUses(id: string): Promise<{ asset: Asset; uses: AssetUse[] }> {
  const asset = await mustGet(id);
  return { asset, uses: await assetUses(asset) };
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
}

/**
 * The focal point and pixels of every asset by each of its addresses: what a build crops by
 * (one read of the index).
 */
export async function focusByUrl(): Promise<Map<string, ImageFocus>> {
  const doc = await readJSONShared(store(), MEDIA_KEYS.index, indexSchema);
  const out = new Map<string, ImageFocus>();
  for (const a of doc?.rows ?? []) {
    // Records move to the new file when one is replaced: only the current file's pixels are known.
    out.set(uploadUrl(a.file), {
      focalX: a.focalX,
      focalY: a.focalY,
      width: a.width,
      height: a.height,
    });
  }
  return out;
}
