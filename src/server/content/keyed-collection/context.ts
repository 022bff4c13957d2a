import type { Store } from '@netlify/blobs';
import type { z } from 'zod';
import { releaseTime } from '../../../schemas/release';
import { CACHE_TAGS, purgeTags } from '../../http/cdn-cache';
import { COLLECTION_KEYS, KEYED_COLLECTIONS } from '../../storage/keys';
import { orderedIndex } from '../../storage/ordered-index';
import { createJSON, openStore, readJSON, STORES } from '../../storage/store';
import { singleDocument } from '../keyed-migration';
import { slugClaims } from '../slug-claims';
import {
  recordSchemaOf,
  rowSchemaOf,
  sumOf,
  tallyOf,
  type Item,
  type KeyedOptions,
  type Rec,
  type Row,
} from './schemas';

/*
 * What every part of one keyed collection works from, made once by keyedCollection and passed to
 * each: its schemas, its store and keys, its index, its older layout and its slug claims; and the
 * reading of its records and rows that all of them share.
 */

export interface CollectionContext<I extends Item> {
  name: string;
  opts: KeyedOptions<I>;
  itemSchema: z.ZodType<I>;
  rowSchema: z.ZodType<Row, Row>;
  recordSchema: z.ZodType<Rec<I>, Rec<I>>;
  store: () => Store;
  recordKey: (id: string) => string;
  /** Drops the CDN's copies of every answer that shows the collection. */
  purge: () => Promise<void>;
  index: ReturnType<typeof orderedIndex<Row>>;
  /** The layout older versions kept, one document of every item, and its move (keyed-migration.ts). */
  single: ReturnType<typeof singleDocument<I, Row>>;
  /** Who holds which slug (slug-claims.ts): a save claims its slug before its record says so. */
  claims: ReturnType<typeof slugClaims>;
  /** The row a record version gets. */
  rowOf: (item: I, orderKey: string, rev: number) => Row;
  /** An item as sent, parsed and checked across fields. */
  validated: (value: unknown, changed?: readonly string[]) => I;
}

export function contextOf<I extends Item>(
  name: string,
  itemSchema: z.ZodType<I>,
  opts: KeyedOptions<I>,
): CollectionContext<I> {
  // Code below this floor (the image uses) finds records by this list.
  if (!KEYED_COLLECTIONS.has(name)) throw new Error(`Add ${name} to KEYED_COLLECTIONS`);
  const rowSchema = rowSchemaOf(opts.rowFields);
  const recordSchema = recordSchemaOf(itemSchema);
  const store = () => openStore(STORES.content);
  const recordKey = (id: string) => COLLECTION_KEYS.record(name, id);
  const index = orderedIndex<Row>({
    what: name,
    store,
    key: COLLECTION_KEYS.index(name),
    row: rowSchema,
    tally: tallyOf,
    openUntil: opts.openUntil,
    sorted: opts.sorted,
    // What visitors may not see yet (isPublic): drafts for good, scheduled rows until their time.
    hiddenUntil: (row) =>
      row.status === 'draft' ? NaN : row.status === 'scheduled' ? (releaseTime(row) ?? NaN) : null,
  });
  const rowOf = (item: I, orderKey: string, rev: number): Row =>
    rowSchema.parse({ ...opts.toRow(item), orderKey, rev, sum: sumOf(item) });
  const single = singleDocument<I, Row>({
    name,
    store,
    itemSchema,
    createRecord: (item, place) =>
      createJSON(store(), recordKey(item.id), recordSchema, { rev: 1, item, place }),
    rowOf,
    index,
  });
  const cx: CollectionContext<I> = {
    name,
    opts,
    itemSchema,
    rowSchema,
    recordSchema,
    store,
    recordKey,
    purge: () => purgeTags(CACHE_TAGS.collection(name)),
    index,
    single,
    claims: slugClaims({
      name,
      store,
      rows: () => rows(cx),
      carries: async (id, slug) => {
        const item = live((await readRecord(cx, id))?.value);
        return !!item && (item.slug === slug || item.previousSlugs.includes(slug));
      },
    }),
    rowOf,
    validated: (value, changed) => {
      const item = itemSchema.parse(value);
      opts.check?.(item, changed);
      return item;
    },
  };
  return cx;
}

/** The index rows, in order (a shared copy: do not change them). */
export async function rows<I extends Item>(cx: CollectionContext<I>): Promise<readonly Row[]> {
  return (await cx.index.all()) ?? cx.single.migrate();
}

export async function readRecord<I extends Item>(
  cx: CollectionContext<I>,
  id: string,
): Promise<{ value: Rec<I>; etag?: string } | null> {
  if (!/^[\w.:-]{1,200}$/.test(id)) return null;
  return readJSON(cx.store(), cx.recordKey(id), cx.recordSchema);
}
/** The item of a record that is live (not deleted). */
export const live = <I>(rec: Rec<I> | null | undefined): I | null =>
  rec && !rec.deleted && rec.item ? (rec.item as I) : null;

/**
 * Makes sure the index exists and is of the current layout: a store kept the single-document
 * way is moved first, an index of an earlier layout brought up to date (storage/ordered-index/).
 */
export async function ready<I extends Item>(cx: CollectionContext<I>): Promise<void> {
  if (await cx.index.upgrade()) return;
  await cx.single.migrate();
  await cx.index.upgrade();
}
