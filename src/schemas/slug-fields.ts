import { z } from 'zod';

const slug = z.string().max(100).regex(/^[\p{Ll}\p{Lo}\p{N}-]*$/u, 'Not a slug');

/**
 * Stored, server-owned URL slug of a publication or event (see src/lib/slug.ts): never sent by
 * the admin, so absent from the create and update payloads.
 */
export const slugFields = {
  slug: slug.default(''),
  /** Slugs this record had before a rename; each redirects to the current one. */
  previousSlugs: z.array(slug).max(200).default([]),
};
