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
import { orcidField } from './orcid';
import { topicsSchema } from './people';
import { slugFields } from './slug-fields';

const fields = {
  name: text(120).min(1, 'Name is required'),
  position: text(160).min(1, 'Position is required'),
  bio: longText(5000).optional(),
  image: safeLink().optional(),
  linkedin: webUrl().optional(),
  twitter: webUrl().optional(),
  email: optionalEmail.optional(),
  /** ORCID iD, bare ('0000-0002-1825-0097'): on their page, in citations and Crossref deposits. */
  orcid: orcidField().optional(),
  /** Research areas (ids) this member is an expert in: they are listed on those topic pages. */
  topics: topicsSchema().optional(),
};

/** A stored team member; order is optional and sorts as 999 when missing. */
export const teamMemberSchema = z.object({
  ...recordMeta,
  ...fields,
  ...slugFields,
  order: orderSchema.optional(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** Create payload: no id or timestamps. */
const teamMemberPayload = z.strictObject({ ...fields, order: orderSchema.optional() });
export const teamMemberCreateSchema = createPayload(teamMemberPayload);
/** Update payload: any subset of the editable fields. */
export const teamMemberUpdateSchema = teamMemberPayload.partial();
