import { z } from 'zod';
import {
  createPayload,
  isoDay,
  longText,
  orderSchema,
  recordMeta,
  renderableDates,
  safeLink,
  text,
} from './common';
import { imageAltFields } from './image-alt';
import { withoutDefaults } from './patch-shape';
import { peopleSchema, topicsSchema } from './people';
import { releaseFields } from './release';
import { slugFields } from './slug-fields';
import { takeawaysSchema } from './takeaways';
import { dataFilesSchema } from './data-file';

/** Longest body: about 8,000 words, a 35-minute read (the whole publications list is one document). */
export const BODY_MAX_CHARS = 50_000;

/**
 * Crossref's pattern for the DOIs it registers: '10.', a 4-9 digit registrant, '/', a suffix of
 * at most 200 characters (its deposit schema's limit).
 */
const DOI = /^10\.\d{4,9}\/[-._;()/:A-Z0-9]{1,200}$/i;
const doiField = () =>
  text(300).refine(
    (v) => v === '' || DOI.test(v),
    'A DOI looks like 10.1234/abc-123 (without https://doi.org/)',
  );

/** A publication's type when none is chosen; a blank type (saved by older forms) reads as it too. */
export const DEFAULT_PUBLICATION_TYPE = 'Report';

const fields = {
  title: text(300).min(1, 'Title is required'),
  description: longText(5000).trim().min(1, 'Description is required'),
  /** Free text, e.g. 'March 2025'. */
  date: text(60).default(''),
  /** The real date ('YYYY-MM-DD') the archive sorts by; empty on older records, then read from `date`. */
  publishedOn: isoDay().default(''),
  type: text(60)
    .transform((v) => v || DEFAULT_PUBLICATION_TYPE)
    .default(DEFAULT_PUBLICATION_TYPE),
  /** Ordered authors (see people.ts); free text from older records reads as names. */
  authors: peopleSchema().default([]),
  /** Research areas (ids) this publication belongs to. */
  topics: topicsSchema().default([]),
  link: safeLink().default(''),
  image: safeLink().default(''),
  ...imageAltFields,
  /** The uploaded PDF (an /api/uploads/… path) or another address of the full text. */
  pdf: safeLink().default(''),
  /** The web version of the text: Markdown, rendered and sanitised when the site is built. */
  body: longText(BODY_MAX_CHARS).default(''),
  /** A Digital Object Identifier, bare ('10.1234/abc'), or empty. */
  doi: doiField().default(''),
  /** The report series it belongs to ('Meridian Policy Reports'), or empty. */
  series: text(200).default(''),
  /** Its number in that series ('3', '2025-01'), or empty: Crossref's report number (32 at most). */
  seriesNumber: text(32).default(''),
  /** The main findings, in order: shown above the body and as the JSON-LD abstract. */
  keyFindings: takeawaysSchema('key findings').default([]),
  /** What the authors recommend, in order: shown after the findings. */
  recommendations: takeawaysSchema('recommendations').default([]),
  /** Data files (CSV, JSON, XLSX uploaded in parts), listed on the page with their dictionary. */
  dataFiles: dataFilesSchema().default([]),
  ...releaseFields,
};

/** A stored publication. */
export const publicationSchema = z.object({
  ...recordMeta,
  ...fields,
  ...slugFields,
  order: orderSchema.default(0),
});
export type Publication = z.infer<typeof publicationSchema>;
/** A publication as stored by older versions or seeds: fields added later may be missing. */
export type PublicationInput = z.input<typeof publicationSchema>;

/** Create payload: id, timestamps and order are the server's (dropped if sent). */
const payloadDates = renderableDates({ iso: ['publishAt'], text: ['date'] });
export const publicationCreateSchema = createPayload(
  z.strictObject(fields).superRefine(payloadDates),
  ['order'],
);
/** Update payload: any subset of the editable fields, plus order for reordering. */
export const publicationUpdateSchema = z
  .strictObject(withoutDefaults({ ...fields, order: orderSchema }))
  .partial()
  .superRefine(payloadDates);
