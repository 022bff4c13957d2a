import { z } from 'zod';
import { createPayload, isoDay, longText, orderSchema, recordMeta, renderableDates, safeLink, text } from './common';
import { withoutDefaults } from './patch-shape';
import { peopleSchema, topicsSchema } from './people';
import { releaseFields } from './release';
import { slugFields } from './slug-fields';

const fields = {
  title: text(300).min(1, 'Title is required'),
  description: longText(5000).trim().min(1, 'Description is required'),
  /** Free text, e.g. 'March 2025'. */
  date: text(60).default(''),
  /** The real date ('YYYY-MM-DD') the archive sorts by; empty on older records, then read from `date`. */
  publishedOn: isoDay().default(''),
  type: text(60).default('Report'),
  /** Ordered authors (see people.ts); free text from older records reads as names. */
  authors: peopleSchema().default([]),
  /** Research areas (ids) this publication belongs to. */
  topics: topicsSchema().default([]),
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
