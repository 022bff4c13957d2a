import { createHash } from 'node:crypto';
import { z } from 'zod';
import { RELEASE_STATUSES, type ReleaseStatus } from '../../../schemas/release';

/*
 * The shapes of a keyed collection: its options, its items, its index rows and stored records,
 * and what its callers pass and get.
 */

/** What every row holds, whatever the collection. */
const baseRowFields = {
  id: z.string(),
  slug: z.string(),
  previousSlugs: z.array(z.string()).default([]),
  title: z.string(),
  status: z.enum(RELEASE_STATUSES),
  publishAt: z.string().default(''),
  timeZone: z.string().default(''),
  topics: z.array(z.string()).default([]),
  /** A public record whose image or figures lack alt text (the dashboard's list). */
  missingAlt: z.boolean().default(false),
  createdAt: z.string(),
  updatedAt: z.string(),
};
const placeFields = {
  /** Its place in the collection's order (src/lib/order-key.ts). */
  orderKey: z.string().min(1),
  /** The record version this row was made from. */
  rev: z.number().int().min(1),
  /**
   * A hash of that version's item: a build's copy of a record (see `list`) is that version only if
   * it was stored with this hash. Rows written before rows had one carry ''.
   */
  sum: z.string().default(''),
};

export interface Item {
  id: string;
  slug: string;
  previousSlugs: string[];
  title: string;
  order?: number;
  createdAt: string;
  updatedAt: string;
}

/** One record's row in the index: the fields above, the collection's own, and its place. */
export interface Row {
  id: string;
  slug: string;
  previousSlugs: string[];
  title: string;
  status: ReleaseStatus;
  publishAt: string;
  timeZone: string;
  topics: string[];
  missingAlt: boolean;
  createdAt: string;
  updatedAt: string;
  orderKey: string;
  rev: number;
  sum: string;
  [field: string]: unknown;
}

/** A collection's row schema: the fields above and its own. */
export const rowSchemaOf = (rowFields: z.ZodRawShape) =>
  // Typed by hand: the collection's own fields are its business, the shared ones are ours.
  z.object({
    ...baseRowFields,
    ...rowFields,
    ...placeFields,
  }) as unknown as z.ZodType<Row, Row>;

// A deleted record stays as a bare mark ({ rev, deleted }), so that no late writer (a slow
// migration, a create retried) can bring its key back to life with onlyIfNew. `place` is the
// order key its row was last written at: where a change of it finds its row in the index
// without searching every chunk (a hint; a row moved since is searched for, and the hint set).
export type Rec<I> = { rev: number; deleted?: boolean; item?: I; place?: string };
export const recordSchemaOf = <I>(itemSchema: z.ZodType<I>) =>
  z.object({
    rev: z.number().int().min(1),
    deleted: z.boolean().optional(),
    item: itemSchema.optional(),
    place: z.string().optional(),
  }) as unknown as z.ZodType<Rec<I>, Rec<I>>;
/** A live record version: what a save wrote. */
export type Live<I> = { rev: number; item: I; place?: string };

/**
 * The build's copies of records from its build before (kept in the build cache, see
 * workflows/build-record-cache.ts), each with the `sum` of the row it was read under: a build
 * reads from the store only the records whose row says they changed since.
 */
export interface RecordCache<I> {
  load(): Promise<ReadonlyMap<string, { sum: string; item: I }>>;
  save(entries: ReadonlyMap<string, { sum: string; item: I }>): Promise<void>;
}

/** A short hash of a record version's item (a row's `sum`). */
export const sumOf = (item: unknown): string =>
  createHash('sha256').update(JSON.stringify(item)).digest('base64url').slice(0, 22);

export interface KeyedOptions<I> {
  /** New items go first (the newest publication or event is what the home page shows first). */
  newFirst: boolean;
  /** Rules across fields, checked on the merged item (`changed`: the fields a PATCH sent). */
  check?: (item: I, changed?: readonly string[]) => void;
  /** The field holding the record's image, brought onto this site on save (image-import.ts). */
  imageField: string;
  /** The collection's own row fields, and how a record gives them (and the base fields). */
  rowFields: z.ZodRawShape;
  toRow: (item: I) => Record<string, unknown>;
  /** The time (ms) until which a record counts as upcoming, NaN for always (the index counts them). */
  openUntil?: (row: Row) => number;
  /** Listings of the rows in other orders, kept beside the index (see storage/ordered-index/). */
  sorted?: Record<
    string,
    { key: (row: Row) => string; only?: (row: Row) => boolean; open?: boolean }
  >;
}

/**
 * What the index head counts per chunk, so the dashboard and the release check read only chunks
 * that hold such rows: public records missing alt text, and scheduled ones. Only these: every
 * label adds to a head every write sends.
 */
export const tallyOf = (row: Row): Tally[] => [
  ...(row.status !== 'draft' && row.missingAlt ? (['missing-alt'] as const) : []),
  ...(row.status === 'scheduled' ? (['scheduled'] as const) : []),
];
export type Tally = 'missing-alt' | 'scheduled';

/** Where to move one item: first, or just before or after another. */
export type MoveTo = 'top' | { before: string } | { after: string };

/**
 * A page of the rows visitors may see, each with its place in its order; how many they are; when
 * the next hidden one is shown and the next upcoming one ends.
 */
export type ShownPage = {
  items: (Row & { order: number })[];
  total: number;
  next: number | null;
  nextEnd: number | null;
};

/** A page of rows, filtered on the server. */
export interface RowQuery {
  page: number;
  pageSize: number;
  q?: string;
  status?: string;
  topic?: string;
}
