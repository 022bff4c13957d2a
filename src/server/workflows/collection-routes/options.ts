import type { z } from 'zod';
import type { Collection } from '../../content/collections';
import type { Row } from '../../content/keyed-collection';

export interface CollectionApiOptions {
  /** API and history name, e.g. 'events': served at /api/events. */
  name: string;
  collection: Collection;
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  /** Browser Cache-Control of the public reads (the CDN keeps them until a write purges the collection's tag). */
  cache: string;
  /** Public list when it is not simply by order (events: by start date). */
  list?: () => Promise<unknown[]>;
  /** Extra public lists at /api/<name>/<view>. */
  views?: Record<string, () => Promise<unknown[]>>;
  /** Cap on create and update bodies, when records may hold more than the default allows (long texts). */
  maxJsonBytes?: number;
  /**
   * Public lists of a collection kept one key per record, answered from its index rows, each a
   * page of one of its listings (keyed-collection/ `sorted`; the index order when not named),
   * with `open` only the rows still upcoming: the main list, and `views` at /api/<name>/<view>.
   * `complete` tells a row that holds every field the lists answer from one written before rows
   * held them: such a row is answered as made afresh from its record (read for that page only),
   * until the record's next save rewrites the row.
   */
  rowLists?: {
    listing?: string;
    views?: Record<string, RowList>;
    complete?: (row: Row) => boolean;
  };
  /**
   * Drafts and embargoes: which items visitors may see now. Public reads leave the others out (a
   * hidden item is a 404); lists from the index expire at the CDN when their next scheduled row
   * goes public (`rowLists`). Admins list everything at /api/<name>/all.
   */
  release?: {
    isPublic: (item: unknown, now: number) => boolean;
  };
}

/** One public list of a keyed collection's rows: its listing, and whether only upcoming rows. */
export interface RowList {
  listing?: string;
  open?: boolean;
}
