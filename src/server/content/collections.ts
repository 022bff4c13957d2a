import { z } from 'zod';
import { byOrder } from '../../schemas/order';
import { eventSchema, type Event } from '../../schemas/event';
import { publicationSchema, type Publication } from '../../schemas/publication';
import { researchAreaSchema } from '../../schemas/research-area';
import { statSchema } from '../../schemas/stat';
import { shownName } from '../../schemas/cited-name';
import { teamMemberSchema } from '../../schemas/team-member';
import { assignSlugs } from '../../lib/slug';
import { SCHEDULED_NEEDS_TIME, scheduledHasTime, type Releasable } from '../../schemas/release';
import { CACHE_TAGS, purgeTags } from '../http/cdn-cache';
import { HttpError } from '../http/errors';
import { assertWholeOrder } from './whole-order';
import { assertImagesDescribed, missingAltText } from './image-alt';
import { keyedCollection, type KeyedCollection, type Row } from './keyed-collection';
import { assertFiguresOnSite } from './report-figures';
import { assertExpected, openStore, readJSONShared, STORES, updateJSON } from '../storage/store';

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
    /** Deletes one item and answers it; 404 when unknown. */
    async remove(id: string): Promise<Item> {
      let removed: Item | undefined;
      await write((items) => {
        removed = items.find((i) => i.id === id);
        if (!removed) throw new HttpError(404, 'Item not found');
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
/** One admin-edited collection, however it is stored. */
export type Collection = SingleCollection | KeyedCollection;

const endNotBeforeStart = (e: { startDate: string; endDate: string }) => {
  if (e.endDate < e.startDate) {
    throw new HttpError(400, 'End date must not be before the start date', {
      endDate: 'End date must not be before the start date',
    });
  }
};

const releaseHasTime = (item: Releasable) => {
  if (!scheduledHasTime(item))
    throw new HttpError(400, SCHEDULED_NEEDS_TIME, { publishAt: SCHEDULED_NEEDS_TIME });
};

/** The admin-edited collections. */
export const researchAreas = collection('research-areas', researchAreaSchema, {
  autoOrder: true,
  imageField: 'image',
  check: (a, changed) => assertImagesDescribed(a, 'image', changed),
  derive: (items) => assignSlugs(items),
});
export const teamMembers = collection('team-members', teamMemberSchema, {
  autoOrder: false,
  imageField: 'image',
  // From the name as shown, honorific included: moving 'Dr.' to its own field changes no address.
  derive: (items) => assignSlugs(items, (m) => shownName(m.honorific, m.name)),
});
/** A publication's index row (keyed-collection/), with the fields toRow below adds. */
export type PublicationRow = Row &
  Pick<Publication, 'date' | 'publishedOn' | 'type' | 'image'> & { hasImage: boolean };
/** An event's index row: what its card shows (the public lists answer rows), description cut. */
export type EventRow = Row &
  Pick<
    Event,
    | 'eventType'
    | 'startDate'
    | 'endDate'
    | 'startTime'
    | 'endTime'
    | 'featured'
    | 'location'
    | 'isVirtual'
    | 'virtualLink'
    | 'registrationLink'
    | 'imageUrl'
    | 'youtubeUrl'
    | 'maxAttendees'
  > & {
    hasImage: boolean;
    /** Missing from rows written before rows held the card's fields. */
    description?: string;
  };

/**
 * How much of an event's description its row keeps. A card shows three lines of it, about 300
 * characters in its widest (one-column) layout, so the lists answered from rows show what the
 * whole description would; the event's page and GET /api/events/:id have it whole. Cut, it keeps
 * every row small whatever an editor writes (descriptions may be 5,000 characters).
 */
export const CARD_DESCRIPTION_CHARS = 400;
const cardDescription = (text: string) =>
  text.length <= CARD_DESCRIPTION_CHARS
    ? text
    : `${text.slice(0, CARD_DESCRIPTION_CHARS - 1).trimEnd()}…`;

/** What every index row of a keyed collection holds (keyed-collection/), from a record. */
const rowBase = (item: Publication | Event, imageField: 'image' | 'imageUrl') => ({
  id: item.id,
  slug: item.slug,
  previousSlugs: item.previousSlugs,
  title: item.title,
  status: item.status,
  publishAt: item.publishAt,
  timeZone: item.timeZone,
  topics: item.topics,
  hasImage: !!(item as Record<string, unknown>)[imageField],
  missingAlt: missingAltText(item as Record<string, unknown>, imageField).length > 0,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
});

/** An event row's place by start date, ties in the index's order (order keys sort as strings). */
const byStartDate = (row: { startDate?: unknown; orderKey: string }) =>
  `${String(row.startDate)}\u0000${row.orderKey}`;

// Publications and events grow into the thousands: one key per record and an index of rows.
export const publications = keyedCollection('publications', publicationSchema, {
  newFirst: true,
  imageField: 'image',
  check: (p, changed) => {
    releaseHasTime(p);
    assertFiguresOnSite(p, changed);
    assertImagesDescribed(p, 'image', changed);
  },
  rowFields: {
    hasImage: z.boolean().default(false),
    date: z.string().default(''),
    publishedOn: z.string().default(''),
    type: z.string().default(''),
    /** The image's address, for the admin list's thumbnail. */
    image: z.string().default(''),
  },
  toRow: (p) => ({
    ...rowBase(p, 'image'),
    image: p.image,
    date: p.date,
    publishedOn: p.publishedOn,
    type: p.type,
  }),
});
export const stats = collection('stats', statSchema, { autoOrder: true });
export const events = keyedCollection('events', eventSchema, {
  newFirst: true,
  imageField: 'imageUrl',
  // Upcoming until its end (isPastEvent): the dashboard's count reads the index head alone.
  openUntil: (row) => Date.parse(String(row.endDate)),
  // The public lists are by start date (ties in the index's order): listings kept in that order
  // beside the index, so a page of them reads only its chunks.
  sorted: {
    // The upcoming list is a page of it: its entries keep when their events end.
    byDate: { key: byStartDate, open: true },
    featuredByDate: { key: byStartDate, only: (row) => row.featured === true },
  },
  check: (e, changed) => {
    endNotBeforeStart(e);
    releaseHasTime(e);
    assertImagesDescribed(e, 'imageUrl', changed);
  },
  rowFields: {
    hasImage: z.boolean().default(false),
    eventType: z.string().default(''),
    startDate: z.string(),
    endDate: z.string(),
    featured: z.boolean().default(false),
    location: z.string().default(''),
    imageUrl: z.string().default(''),
    // The rest of the card's fields: the public lists answer rows without reading records.
    description: z.string().optional(),
    startTime: z.string().default(''),
    endTime: z.string().default(''),
    isVirtual: z.boolean().default(false),
    virtualLink: z.string().default(''),
    registrationLink: z.string().default(''),
    youtubeUrl: z.string().default(''),
    maxAttendees: z.number().nullable().optional(),
  },
  toRow: (e) => ({
    ...rowBase(e, 'imageUrl'),
    location: e.location,
    imageUrl: e.imageUrl,
    eventType: e.eventType,
    startDate: e.startDate,
    endDate: e.endDate,
    featured: e.featured,
    description: cardDescription(e.description),
    startTime: e.startTime,
    endTime: e.endTime,
    isVirtual: e.isVirtual,
    virtualLink: e.virtualLink,
    registrationLink: e.registrationLink,
    youtubeUrl: e.youtubeUrl,
    maxAttendees: e.maxAttendees,
  }),
});

/** The collections by their API name (also the first segment of history targets). */
export const COLLECTIONS: Record<string, Collection> = {
  'research-areas': researchAreas,
  'team-members': teamMembers,
  publications,
  stats,
  events,
};

/** How many events have not ended yet (drafts too): from the index head, reading no row. */
export const upcomingEventCount = (now = Date.now()): Promise<number> => events.openAt(now);
