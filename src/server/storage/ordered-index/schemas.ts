import type { Store } from '@netlify/blobs';
import { z } from 'zod';

/* The shapes of an ordered index: its options, its rows and edits, and the documents it stores. */

/** What every row of an ordered index has. */
export interface OrderedRow {
  id: string;
  orderKey: string;
}

export interface OrderedIndexOptions<Row extends OrderedRow> {
  /** Named in errors. */
  what: string;
  store: () => Store;
  /** The head's key; chunks and groups live beside it under `<key>-chunks/`. */
  key: string;
  row: z.ZodType<Row, Row>;
  /** The labels a row counts under in its chunk's tally (so counts read no chunk). */
  tally?: (row: Row) => string[];
  /**
   * The time (ms) until which a row counts as open, or NaN for always; rows without such a time
   * are not tracked. Only times still ahead when a chunk is written are kept in the head.
   */
  openUntil?: (row: Row) => number | null;
  /**
   * The time (ms) until which a row is hidden from visitors, NaN for always, null when it is
   * shown. The head keeps, per chunk, how many rows are hidden and until when, so a page of the
   * shown rows reads only the chunks it falls in (see `shown`).
   */
  hiddenUntil?: (row: Row) => number | null;
  /**
   * Listings of the rows in other orders, by name: each row's sort key (the index appends its id,
   * so keys are unique), and which rows it holds (all when not given).
   */
  sorted?: Record<
    string,
    {
      key: (row: Row) => string;
      only?: (row: Row) => boolean;
      /** Whether its entries keep the open-until times (for lists of open rows): they cost bytes. */
      open?: boolean;
    }
  >;
}

/** A change: rows to put (new, or replacing the row of their id, wherever it was) and ids to drop. */
export type Edit<Row> = { put?: Row[]; drop?: string[] } | { all: Row[] };

const chunkRefSchema = z.object({
  id: z.string(),
  first: z.string(),
  count: z.number().int().min(1),
  tally: z.record(z.string(), z.number().int()).optional(),
  /** Open-until times (ms) still ahead when the chunk was written. */
  until: z.array(z.number()).optional(),
  /**
   * A group's entry in the head, instead of every time: how many of its rows had an open-until
   * time still ahead when it was written, and the earliest of them (so the head does not grow with
   * the open rows; a group one of whose rows closed since is read to count them).
   */
  upcoming: z.number().int().optional(),
  ends: z.number().optional(),
  /** Rows open for ever (no end time). */
  always: z.number().int().optional(),
  /** Hidden-until times (ms) still ahead when the chunk was written (hiddenUntil). */
  hidden: z.array(z.number()).optional(),
  /** Rows hidden for ever (drafts). */
  hiddenAlways: z.number().int().optional(),
});
/** What the head or a group says of a chunk, and the head of a group (the sums of its chunks'). */
export type ChunkRef = z.infer<typeof chunkRefSchema>;
export const groupSchema = z.object({ chunks: z.array(chunkRefSchema).min(1) });

/** The head document, of every layout (see index.ts). */
export type Head<Row> = {
  groups?: ChunkRef[];
  sorted?: Record<string, ChunkRef[]>;
  chunks?: ChunkRef[];
  rows?: Row[];
};
export const headSchemaOf = <Row extends OrderedRow>(row: z.ZodType<Row, Row>) =>
  z.object({
    groups: z.array(chunkRefSchema).optional(),
    sorted: z.record(z.string(), z.array(chunkRefSchema)).optional(),
    // Earlier layouts: the chunks named by the head itself; every row in the head.
    chunks: z.array(chunkRefSchema).optional(),
    rows: z.array(row).optional(),
  });

/** A chunk document: a run of rows in order. */
export const chunkSchemaOf = <Row extends OrderedRow>(row: z.ZodType<Row, Row>) =>
  z.object({ rows: z.array(row) });
