import { z } from 'zod';
import { uploadUrl, type Asset, type ImageFocus, type MediaPage } from '../../../schemas/media';
import { MEDIA_KEYS } from '../../storage/keys';
import { paginate, type PageQuery } from '../../storage/records';
import { readJSON, readJSONShared, readMetadata } from '../../storage/store';
import { assetIndexMetadata, indexSchema } from './asset-index';
import { store, view } from './records';
import { assetUses } from './uses';

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
