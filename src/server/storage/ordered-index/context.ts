import type { z } from 'zod';
import {
  chunkSchemaOf,
  headSchemaOf,
  type Head,
  type OrderedIndexOptions,
  type OrderedRow,
} from './schemas';

/*
 * What every part of one ordered index works from, made once by orderedIndex and passed to each:
 * its options, the schemas of its documents, where its parts live and its listings.
 */

/** One order of the rows: the index's own (by order key), or a `sorted` listing. */
export interface Listing<Row> {
  name: string;
  keyOf: (row: Row) => string;
  only: (row: Row) => boolean;
  /** Whether it holds every row (no `only`). */
  every: boolean;
  open: boolean;
}

export interface IndexContext<Row extends OrderedRow> {
  o: OrderedIndexOptions<Row>;
  headSchema: z.ZodType<Head<Row>, Head<Row>>;
  chunkSchema: z.ZodType<{ rows: Row[] }, { rows: Row[] }>;
  /** The key of a chunk or group, by its id. */
  partKey: (id: string) => string;
  /** The index's own order. */
  main: Listing<Row>;
  /** The `sorted` listings. */
  listings: Listing<Row>[];
}

export function contextOf<Row extends OrderedRow>(o: OrderedIndexOptions<Row>): IndexContext<Row> {
  return {
    o,
    headSchema: headSchemaOf(o.row),
    chunkSchema: chunkSchemaOf(o.row),
    partKey: (id) => `${o.key}-chunks/${id}`,
    main: { name: '', keyOf: (r) => r.orderKey, only: () => true, every: true, open: true },
    listings: Object.entries(o.sorted ?? {}).map(([name, s]) => ({
      name,
      keyOf: (r) => `${s.key(r)}\u0000${r.id}`,
      only: s.only ?? (() => true),
      every: !s.only,
      open: s.open ?? false,
    })),
  };
}

/** A listing's order of rows, for sort. */
export const inOrder =
  <Row>(L: Listing<Row>) =>
  (a: Row, b: Row) => {
    const x = L.keyOf(a);
    const y = L.keyOf(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
