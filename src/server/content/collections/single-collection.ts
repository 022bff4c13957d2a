import { z } from 'zod';
import { byOrder } from '../../../schemas/order';
import { CACHE_TAGS, purgeTags } from '../../http/cdn-cache';
import { HttpError } from '../../http/errors';
import { assertExpected, openStore, readJSONShared, STORES, updateJSON } from '../../storage/store';
import { assertWholeOrder } from '../whole-order';

interface BaseItem {
  id: string;
  order?: number;
  createdAt: string;
  updatedAt: string;
}

interface CollectionOptions<Item> {
  /** New items without an order go last. */
  autoOrder: boolean;
  /**
   * New items without an order go first instead, the others moving down one place: the newest
   * publication or event is what the home page's first cards show, without anyone dragging it up.
   */
  newFirst?: boolean;
  /**
   * Rules across fields, checked on the merged item (a PATCH may send only one side). `changed`
   * lists the fields a PATCH sent; a create leaves it out.
   */
  check?: (item: Item, changed?: readonly string[]) => void;
  /**
   * Fields the server derives from the whole list (slugs): applied to every read, so records
   * stored before a field existed get it, and to every write, so it is stored from then on.
   */
  derive?: (items: Item[]) => Item[];
  /** The field holding the record's image, brought onto this site on save (image-import.ts). */
  imageField?: string;
}

/**
 * An admin-edited collection kept as one JSON document ({ items }), written with etag-guarded
 * merges: simultaneous edits of different items (or fields) all survive, and reorder is atomic.
 */
export function collection<S extends z.ZodType<BaseItem>>(
  key: string,
  itemSchema: S,
  opts: CollectionOptions<z.infer<S>>,
) {
  type Item = z.infer<S>;
  const docSchema = z.object({ items: z.array(itemSchema) });
  const store = () => openStore(STORES.content);
  // Stored items are parsed output; writing them back re-validates, so output-as-input is sound.
  // Every landed write purges the CDN copy of the collection's public reads (tagged by its key).
  const derive = opts.derive ?? ((items: Item[]) => items.slice());
  const write = async (mutate: (items: Item[]) => Item[]) => {
    const doc = await updateJSON(
      store(),
      key,
      docSchema,
      () => ({ items: [] }),
      (doc) => ({
        items: derive(mutate(derive(doc.items as Item[]))) as z.input<S>[],
      }),
    );
    await purgeTags(CACHE_TAGS.collection(key));
    return doc;
  };
  const stored = (doc: { items: unknown[] }, id: string) =>
    (doc.items as Item[]).find((i) => i.id === id)!;
  const validated = (value: unknown, changed?: readonly string[]): Item => {
    const item = itemSchema.parse(value);
    opts.check?.(item, changed);
    return item;
  };

  return {
    key,
    /** Names of the stored fields (used to vet `_expected` maps). */
    fieldNames: Object.keys(shapeOf(itemSchema)),
    /** The image fields a save brings onto this site (none, one). */
    imageFields: opts.imageField ? [opts.imageField] : [],
    /** Every item, sorted by order (missing order last). */
    async list(): Promise<Item[]> {
      // A shared parsed copy: `derive` returns a new array, which is what callers may sort.
      const found = await readJSONShared(store(), key, docSchema);
      return derive((found?.items ?? []) as Item[]).sort(byOrder);
    },
    /** One item by id, or null. */
    async get(id: string): Promise<Item | null> {
      return (await this.list()).find((i) => i.id === id) ?? null;
    },
    /**
     * Adds an item; without an order it goes last (when the collection orders automatically).
     * `id`, when given, is the new item's id decided beforehand (an approved proposal's), and the
     * create happens once: if an item with that id exists already (a retry of a create that
     * landed), it is answered as it is and nothing is written.
     */
    async create(input: Record<string, unknown>, { id }: { id?: string } = {}): Promise<Item> {
      let created: Item | undefined;
      const doc = await write((items) => {
        const existing = id === undefined ? undefined : items.find((i) => i.id === id);
        if (existing) {
          created = existing;
          return items;
        }
        const now = new Date().toISOString();
        const first = opts.newFirst && input.order === undefined;
        const nextOrder = first ? 0 : items.reduce((m, i) => Math.max(m, i.order ?? 0), -1) + 1;
        const order = input.order ?? (opts.autoOrder ? nextOrder : undefined);
        created = validated({
          ...input,
          ...(order === undefined ? {} : { order }),
          id: id ?? crypto.randomUUID(),
          createdAt: now,
          updatedAt: now,
        });
        // Moving down one place is not an edit of the others: their updatedAt stays.
        const rest = first
          ? items
              .slice()
              .sort(byOrder)
              .map((i, n) => ({ ...i, order: n + 1 }))
          : items;
        return [...rest, created];
      });
      return stored(doc, created!.id);
    },
    /**
     * Merges changed fields into one item. With `expected`, a field whose stored value differs
     * from what the editor started from is a 409 carrying the current values (no silent overwrite).
     */
    async update(
      id: string,
      patch: Record<string, unknown>,
      expected?: Record<string, unknown>,
    ): Promise<{ before: Item; after: Item }> {
      let before: Item | undefined;
      let after: Item | undefined;
      const doc = await write((items) => {
        const index = items.findIndex((i) => i.id === id);
        if (index < 0) throw new HttpError(404, 'Item not found');
        before = items[index]!;
        assertExpected(before as Record<string, unknown>, expected);
        after = validated(
          {
            ...before,
            ...patch,
            id,
            createdAt: before.createdAt,
            updatedAt: new Date().toISOString(),
          },
          Object.keys(patch),
        );
        return items.map((i, n) => (n === index ? after! : i));
      });
      return { before: before!, after: stored(doc, id) };
    },
    /**
     * Deletes one item and answers it; 404 when unknown. With `expected`, a field whose stored
     * value differs is a 409 and nothing is deleted (checked on the fresh document, as update).
     */
    async remove(id: string, expected?: Record<string, unknown>): Promise<Item> {
      let removed: Item | undefined;
      await write((items) => {
        removed = items.find((i) => i.id === id);
        if (!removed) throw new HttpError(404, 'Item not found');
        assertExpected(removed as Record<string, unknown>, expected);
        return items.filter((i) => i.id !== id);
      });
      return removed!;
    },
    /** Puts a deleted item back with its old id and data (restore from history); 409 if the id is in use. */
    async reinsert(item: unknown): Promise<Item> {
      const parsed = itemSchema.safeParse(item);
      if (!parsed.success)
        throw new HttpError(
          409,
          'The old version no longer fits the current rules and cannot be restored',
        );
      const restored = parsed.data as Item;
      await write((items) => {
        if (items.some((i) => i.id === restored.id))
          throw new HttpError(409, 'This item exists again and cannot be re-created');
        return [...items, { ...restored, updatedAt: new Date().toISOString() }];
      });
      return restored;
    },
    /** Sets order from a list of ids (every id exactly once). */
    async reorder(ids: string[]): Promise<{ before: string[]; after: Item[] }> {
      let before: string[] = [];
      const doc = await write((items) => {
        assertWholeOrder(ids, new Set(items.map((i) => i.id)));
        before = items
          .slice()
          .sort(byOrder)
          .map((i) => i.id);
        const now = new Date().toISOString();
        const position = new Map(ids.map((id, n) => [id, n]));
        return items.map((i) => ({ ...i, order: position.get(i.id)!, updatedAt: now }));
      });
      return { before, after: (doc.items as Item[]).slice().sort(byOrder) };
    },
    /** Replaces the whole collection (seeding). */
    async replaceAll(items: z.input<S>[]): Promise<void> {
      // Stored as given plus defaults (fields added later, such as a status, read as their default).
      await write(() => items.map((i) => itemSchema.parse(i)) as Item[]);
    },
  };
}

/**
 * The fields of a record schema: an object's, or, for a schema that first moves older stored
 * values into place (z.preprocess, as team members' honorifics), the object's it hands them to.
 */
function shapeOf(schema: z.ZodType): Record<string, unknown> {
  if (schema instanceof z.ZodObject) return schema.shape;
  if (schema instanceof z.ZodPipe) return shapeOf(schema.out as z.ZodType);
  return {};
}

/** One admin-edited collection kept as one document, whatever its item type. */
export type SingleCollection = ReturnType<typeof collection<z.ZodType<BaseItem>>>;
