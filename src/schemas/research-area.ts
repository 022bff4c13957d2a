import { z } from 'zod';
import { createPayload, longText, orderSchema, recordMeta, safeLink, text } from './common';
import { imageAltFields } from './image-alt';
import { withoutDefaults } from './patch-shape';
import { slugFields } from './slug-fields';

const fields = {
  title: text(200).min(1, 'Title is required'),
  description: longText(2000).trim().min(1, 'Description is required'),
  image: safeLink().default(''),
  ...imageAltFields,
  /** Optional: an empty link is treated as absent. */
  link: safeLink()
    .optional()
    .transform((v) => (v ? v : undefined)),
};

/** A stored research area. */
export const researchAreaSchema = z.object({
  ...recordMeta,
  ...fields,
  ...slugFields,
  order: orderSchema.default(0),
});
export type ResearchArea = z.infer<typeof researchAreaSchema>;

/** Create payload: no id or timestamps; order optional (appended last when missing). */
export const researchAreaCreateSchema = createPayload(
  z.strictObject({ ...fields, order: orderSchema.optional() }),
);
/** Update payload: any subset of the editable fields; absent fields stay as they are. */
export const researchAreaUpdateSchema = z
  .strictObject(withoutDefaults({ ...fields, order: orderSchema }))
  .partial();
