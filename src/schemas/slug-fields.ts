import { z } from 'zod';

// Any letter slugify keeps: lower case, letters without case (Arabic, CJK) and modifier letters
// such as the Japanese long-vowel mark 'ー', which a narrower rule refused, so such a title could
// not be saved at all.
const slug = z
  .string()
  .max(100)
  .regex(/^[\p{L}\p{N}-]*$/u, 'Not a slug');

/**
 * Stored, server-owned URL slug of a publication, event, person or research area (see
 * src/lib/slug.ts): never sent by
 * the admin, so absent from the create and update payloads.
 */
export const slugFields = {
  slug: slug.default(''),
  /** Slugs this record had before a rename; each redirects to the current one. */
  previousSlugs: z.array(slug).max(200).default([]),
};
