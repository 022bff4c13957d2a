import type { z } from 'zod';
import type { FieldConfig } from '../../form/field-config';

/** One item as the admin lists and edits it: its fields by name. */
export type Item = Record<string, unknown>;
/** A field's text: the value when it is a string, else nothing. */
export const s = (v: unknown) => (typeof v === 'string' ? v : '');
/** An item as a collection's list holds it: its fields, and the id it is edited and moved by. */
export type ListedItem = Item & { id: string };
/** 'team member' -> 'Team member': a word of the admin's at the start of a label. */
export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What the generic collection manager needs to know about one content collection. */
export interface CollectionConfig {
  /** API name: /api/<api>, also the admin route. */
  api: string;
  title: string;
  singular: string;
  description: string;
  fields: readonly FieldConfig[];
  /** The create schema shared with the server: every form is checked with it before sending. */
  schema: z.ZodType;
  primary: (item: Item) => string;
  secondary?: (item: Item) => string;
  image?: (item: Item) => string;
  /** Where items are created and edited, when not /api/<api>. */
  endpoint?: string;
  /** Where the admin lists every item, when the public list leaves some out (drafts, embargoes). */
  listEndpoint?: string;
  /**
   * A collection that grows into the thousands: its admin list is paged, searched and filtered on
   * the server ({ items, total, page, pageSize } of summaries), an edit opens the one record at
   * <listEndpoint>/<id>, and reordering sends one move at a time.
   */
  paged?: boolean;
}
