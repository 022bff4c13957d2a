import type { Store } from '@netlify/blobs';
import { z } from 'zod';
import { byOrder } from '../../schemas/order';
import { assignSlugs } from '../../lib/slug';
import { keysInOrder } from '../../lib/order-key';
import { HttpError } from '../http/errors';
import { COLLECTION_KEYS } from '../storage/keys';
import { forEachLimited, listKeys } from '../storage/records';
import { deleteKey, readJSON } from '../storage/store';

/** What the move needs of an item: its id and title (for its slug) and its place. */
interface Movable {
  id: string;
  slug: string;
  previousSlugs: string[];
  title: string;
  order?: number;
}

export interface SingleDocumentMove<I, Row> {
  name: string;
  store: () => Store;
  itemSchema: z.ZodType<I>;
  /** Writes an item's first record version, its row at `place`, unless its key exists already. */
  createRecord: (item: I, place: string) => Promise<unknown>;
  rowOf: (item: I, orderKey: string, rev: number) => Row;
  /** The collection's index (storage/ordered-index/). */
  index: {
    all(): Promise<readonly Row[] | null>;
    create(rows: Row[]): Promise<boolean>;
  };
}

/**
 * A keyed collection (keyed-collection/) as older versions stored it: the whole collection in
 * one document, `{ items }` under the collection's name. `read` reads it as those versions did
 * (for the build, which may not write); `migrate` moves it to one key per record.
 */
export function singleDocument<I extends Movable, Row>(o: SingleDocumentMove<I, Row>) {
  const schema = z.object({ items: z.array(o.itemSchema) }) as unknown as z.ZodType<
    { items: I[] },
    { items: I[] }
  >;
  const key = COLLECTION_KEYS.single(o.name);
  /** The items as the old layout read them: slugs given, in order. */
  const fromSingle = (items: I[]): I[] =>
    (assignSlugs(items) as I[]).sort(byOrder).map((item, order) => ({ ...item, order }));

  return {
    /** The items of the single document, in order, or none when there is none. */
    async read(): Promise<I[]> {
      const found = await readJSON(o.store(), key, schema);
      return fromSingle(found?.value.items ?? []);
    },
    /**
     * Moves the single document to one key per record. Idempotent and safe when two functions
     * run it at once or one dies half-way: records are created only where no key exists yet (a
     * record already there is this migration's own, or newer), and the index is created only if
     * none exists, so exactly one migration's index wins and nobody writes to the new layout
     * before it exists. The old document is deleted only after the index exists. A store with
     * neither has nothing to move and is left as it is (a build, which may only read, reads such
     * a store too). Answers the index rows.
     */
    async migrate(): Promise<readonly Row[]> {
      const found = await readJSON(o.store(), key, schema);
      // Nothing stored the old way: nothing to move, and the first write creates the index. A
      // migration that finished between our two reads left its index: read that once more.
      if (!found) return (await o.index.all()) ?? [];
      const items = fromSingle(found.value.items);
      const orderKeys = keysInOrder(items.length);
      const rows = items.map((item, n) => o.rowOf(item, orderKeys[n]!, 1));
      // A run that died half-way wrote some records already: list them once, write the rest.
      const written = new Set(await listKeys(o.store(), COLLECTION_KEYS.records(o.name)));
      await forEachLimited(items, 16, async (item, n) => {
        if (!written.has(COLLECTION_KEYS.record(o.name, item.id)))
          await o.createRecord(item, orderKeys[n]!);
      });
      await o.index.create(rows);
      await deleteKey(o.store(), key);
      const made = await o.index.all();
      if (!made) throw new HttpError(503, `The ${o.name} index could not be created`);
      return made;
    },
  };
}
