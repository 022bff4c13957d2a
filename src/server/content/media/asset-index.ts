import { z } from 'zod';
import { assetSchema, type Asset } from '../../../schemas/media';
import { MEDIA_KEYS } from '../../storage/keys';
import { updateJSON } from '../../storage/store';
import { getAsset, store } from './records';

export const indexSchema = z.object({ rows: z.array(assetSchema).default([]) });

/**
 * What the index's metadata says of its rows, written in the same write as the rows: the
 * dashboard's count reads it without reading the index.
 */
export const assetIndexMetadata = (rows: readonly Asset[]) => ({
  withoutAlt: rows.filter((a) => !a.alt.trim()).length,
});

/** Changes the index's rows, its metadata with them, in one etag-guarded write. */
const updateRows = (change: (rows: Asset[]) => Asset[]) =>
  updateJSON(
    store(),
    MEDIA_KEYS.index,
    indexSchema,
    () => ({ rows: [] }),
    (doc) => ({ rows: change(doc.rows) }),
    { metadata: (doc) => assetIndexMetadata(doc.rows) },
  );

/**
 * Puts an asset's row into the index, or replaces an older one: the record is written first, then
 * this. Two changes of one asset can reach here in the other order than they landed on the record,
 * so a row already newer (`rev`) than this copy stays. A delete can land between the two writes:
 * it takes the row out before and after removing the record, so a row put back after both is
 * taken out here, once the record is seen gone.
 */
export async function indexRow(asset: Asset): Promise<void> {
  await updateRows((rows) => {
    const held = rows.find((r) => r.id === asset.id);
    if (held && held.rev > asset.rev) return rows;
    return [...rows.filter((r) => r.id !== asset.id), asset];
  });
  if (!(await getAsset(asset.id))) await dropRow(asset.id);
}

export async function dropRow(id: string): Promise<void> {
  await updateRows((rows) => rows.filter((r) => r.id !== id));
}
