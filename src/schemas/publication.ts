import { z } from 'zod';
import { createPayload, longText, orderSchema, recordMeta, renderableDates, safeLink, text } from './common';
import { withoutDefaults } from './patch-shape';
import { releaseFields } from './release';
import { slugFields } from './slug-fields';

/** A publication's type when none is chosen; a blank type (saved by older forms) reads as it too. */
export const DEFAULT_PUBLICATION_TYPE = 'Report';

const fields = {
  title: text(300).min(1, 'Title is required'),
  description: longText(5000).trim().min(1, 'Description is required'),
  /** Free text, e.g. 'March 2025'. */
  date: text(60).default(''),
  type: text(60)
    .transform((v) => v || DEFAULT_PUBLICATION_TYPE)
    .default(DEFAULT_PUBLICATION_TYPE),
  authors: text(500).default(''),
  link: safeLink().default(''),
  image: safeLink().default(''),
  /** The uploaded PDF (an /api/uploads/… path) or another address of the full text. */
  pdf: safeLink().default(''),
  ...releaseFields,
};

/** A stored publication. */
export const publicationSchema = z.object({ ...recordMeta, ...fields, ...slugFields, order: orderSchema.default(0) });
export type Publication = z.infer<typeof publicationSchema>;
/** A publication as stored by older versions or seeds: fields added later may be missing. */
export type PublicationInput = z.input<typeof publicationSchema>;

/** Create payload: id, timestamps and order are the server's (dropped if sent). */
const payloadDates = renderableDates({ iso: ['publishAt'], text: ['date'] });
export const publicationCreateSchema = createPayload(z.strictObject(fields).superRefine(payloadDates), ['order']);
/** Update payload: any subset of the editable fields, plus order for reordering. */
export const publicationUpdateSchema = z.strictObject(withoutDefaults({ ...fields, order: orderSchema })).partial().superRefine(payloadDates);
