import { z } from 'zod';
import { createPayload, orderSchema, recordMeta, text } from './common';

const fields = {
  /** Text that may hold digits and a suffix such as + or %, e.g. '10,000+'. */
  value: text(40).min(1, 'Value is required'),
  label: text(120).min(1, 'Label is required'),
};

/** A stored impact stat. */
export const statSchema = z.object({ ...recordMeta, ...fields, order: orderSchema.default(0) });
export type Stat = z.infer<typeof statSchema>;

/** Create payload. */
const statPayload = z.strictObject({ ...fields, order: orderSchema.optional() });
export const statCreateSchema = createPayload(statPayload);
/** Update payload. */
export const statUpdateSchema = statPayload.partial();
