import type { Store } from '@netlify/blobs';
import { z } from 'zod';

/* The shapes of a log index: its options, what it answers with, and the documents it stores. */

export interface LogIndexOptions<Row> {
  /** Named in errors. */
  what: string;
  /** Where the snapshot lives, and its key. */
  snapshotStore: () => Store;
  snapshotKey: string;
  row: z.ZodType<Row>;
  idOf: (row: Row) => string;
  /** The row's time (ISO): what `order` sorts by first, newest first, and what its tail key carries. */
  timeOf: (row: Row) => string;
  /** Newest first by `timeOf`, then anything that makes it total. */
  order: (a: Row, b: Row) => number;
  /** What a row counts as in the head's tallies (undefined: nothing), so counts read no chunk. */
  tally?: (row: Row) => string | undefined;
  /** Where the tail keys live: `<prefix><YYYY-MM-DD>/<rest>`. */
  tailStore: () => Store;
  tailPrefix: string;
  /** The record id a tail key stands for (read from the key alone). */
  idOfTailKey: (key: string) => string;
  /** Rows for tail keys the snapshot lacks; keys whose record is gone are left out. */
  rowsOfTailKeys: (keys: string[]) => Promise<Row[]>;
  /** Every row, from a full scan of a store the index has not seen yet. */
  scan: () => Promise<Row[]>;
  /** Rows whose record has no tail key and whose id is not in `ids` (records beside markers only). */
  orphans?: (ids: Set<string>) => Promise<Row[]>;
}

/** A row's place in an index's order, as an export keeps it: its time and its tie-break. */
export interface RowPosition {
  time: string;
  key: string;
}

/** A row read for an export, with the position an export that wrote it carries on from. */
export interface Placed<T> {
  row: T;
  position: RowPosition;
}

/** The span of row times a change touches (ISO, inclusive); rows outside it are not read. */
export interface TimeWindow {
  oldest: string;
  newest: string;
}

/** How many rows an index holds, and how many of each tally. */
export interface Counts {
  total: number;
  tally: Record<string, number>;
}

const chunkRefSchema = z.object({
  key: z.string(),
  hash: z.string(),
  count: z.number().int(),
  newest: z.string(),
  oldest: z.string(),
  tally: z.record(z.string(), z.number().int()).optional(),
});
/** What the head says of a chunk. */
export type ChunkRef = z.infer<typeof chunkRefSchema>;

/** The head document, of either layout (see index.ts). */
export type Head<Row> = {
  watermark: string;
  swept?: boolean;
  chunks?: ChunkRef[];
  retired?: { key: string; at: string }[];
  items?: Row[];
};
export const headSchemaOf = <Row>(row: z.ZodType<Row>) =>
  z.object({
    watermark: z.string(),
    swept: z.boolean().optional(),
    chunks: z.array(chunkRefSchema).optional(),
    retired: z.array(z.object({ key: z.string(), at: z.string() })).optional(),
    // The earlier layout: every row in this one document.
    items: z.array(row).optional(),
  });

/** A chunk document: a run of rows, newest first. */
export const chunkSchemaOf = <Row>(row: z.ZodType<Row>) => z.object({ items: z.array(row) });
