import { z } from 'zod';
import { longText, orderSchema, recordMeta, safeLink, text } from './common';
import { withoutDefaults } from './patch-shape';

const fields = {
  title: text(300).min(1, 'Title is required'),
  description: longText(5000).trim().min(1, 'Description is required'),
  /** Free text, e.g. 'March 2025'. */
  date: text(60).default(''),
  type: text(60).default('Report'),
  authors: text(500).default(''),
  link: safeLink().default(''),
  image: safeLink().default(''),
};

/** A stored publication. */
export const publicationSchema = z.object({ ...recordMeta, ...fields, order: orderSchema.default(0) });
export type Publication = z.infer<typeof publicationSchema>;

/** Create payload: no id, timestamps or order (spec §5); new items are appended last. */
export const publicationCreateSchema = z.strictObject(fields);
/** Update payload: any subset of the editable fields, plus order for reordering. */
export const publicationUpdateSchema = z.strictObject(withoutDefaults({ ...fields, order: orderSchema })).partial();
