import { z } from 'zod';
import {
  createPayload,
  longText,
  optionalEmail,
  orderSchema,
  recordMeta,
  safeLink,
  text,
  webUrl,
} from './common';
import { splitHonorific } from './cited-name';
import { topicsSchema } from './people';
import { slugFields } from './slug-fields';

const fields = {
  name: text(120).min(1, 'Name is required'),
  /** 'Dr.', 'Prof. Dr.': shown before the name, never cited. */
  honorific: text(40).optional(),
  /** The name as cited, when the last word of the name is not the family name (or to transliterate). */
  citedGiven: text(120).optional(),
  citedFamily: text(120).optional(),
  position: text(160).min(1, 'Position is required'),
  bio: longText(5000).optional(),
  image: safeLink().optional(),
  linkedin: webUrl().optional(),
  twitter: webUrl().optional(),
  email: optionalEmail.optional(),
  /** Research areas (ids) this member is an expert in: they are listed on those topic pages. */
  topics: topicsSchema().optional(),
};

/**
 * Members saved before honorifics had a field typed them into the name ('Dr. Lena Fischer'):
 * such a name is split as it is read, so the honorific is shown but never cited. A member who
 * already has an honorific is left alone, so reading twice changes nothing.
 */
function moveHonorific(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const m = value as { name?: unknown; honorific?: unknown };
  if (typeof m.name !== 'string' || m.honorific) return value;
  const { honorific, name } = splitHonorific(m.name);
  return honorific ? { ...m, honorific, name } : value;
}

/** A stored team member; order is optional and sorts as 999 when missing. */
export const teamMemberSchema = z.preprocess(
  moveHonorific,
  z.object({
    ...recordMeta,
    ...fields,
    ...slugFields,
    order: orderSchema.optional(),
  }),
);
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** Create payload: no id or timestamps. */
const teamMemberPayload = z.strictObject({ ...fields, order: orderSchema.optional() });
export const teamMemberCreateSchema = createPayload(teamMemberPayload);
/** Update payload: any subset of the editable fields. */
export const teamMemberUpdateSchema = teamMemberPayload.partial();
