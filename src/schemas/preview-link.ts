import { z } from 'zod';

/**
 * Private preview links: an unguessable link to a draft or scheduled publication or event, for
 * someone without an account (a journalist under embargo). Only the SHA-256 of the link's token
 * is stored; the link itself is shown once, when it is made.
 */
export const PREVIEW_KINDS = ['publication', 'event'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];
/**
 * What a stored link shows: one item, a whole release (made from the release,
 * src/server/workflows/release-preview.ts), or a proposed change (proposal-preview.ts).
 */
export const PREVIEW_LINK_KINDS = [...PREVIEW_KINDS, 'release', 'proposal'] as const;
export type PreviewLinkKind = (typeof PREVIEW_LINK_KINDS)[number];
export const PREVIEW_DEFAULT_DAYS = 7;
/** Where the build renders preview pages (src/pages/preview-render), and their keys in the deploy store. */
export const PREVIEW_RENDER_DIR = 'preview-render';
export const previewPageKey = (kind: string, id: string) => `previews/${kind}/${id}`;
export const PREVIEW_MAX_DAYS = 30;

/** POST /api/admin/preview-links */
export const previewLinkCreateSchema = z.strictObject({
  kind: z.enum(PREVIEW_KINDS, { error: "kind must be 'publication' or 'event'" }),
  id: z.string().trim().min(1, 'id is required').max(100),
  /** How long the link works, in days (default 7, at most 30). */
  expiresInDays: z
    .number({ error: 'expiresInDays must be a number of days' })
    .int('expiresInDays must be a whole number of days')
    .min(1, 'A link works for at least 1 day')
    .max(PREVIEW_MAX_DAYS, `A link works for at most ${PREVIEW_MAX_DAYS} days`)
    .default(PREVIEW_DEFAULT_DAYS),
});

/** A stored link (preview-links store, `links/<token hash>`). */
export const previewLinkSchema = z.object({
  /** The first 24 hex digits of the token's hash: names the link in the API without revealing it. */
  id: z.string().regex(/^[a-f0-9]{24}$/),
  tokenHash: z.string().regex(/^[a-f0-9]{64}$/),
  kind: z.enum(PREVIEW_LINK_KINDS),
  itemId: z.string(),
  /** The item's title when the link was made, for the list. */
  title: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string(),
  lastOpenedAt: z.string().nullable().default(null),
});
export type PreviewLink = z.infer<typeof previewLinkSchema>;

/** A link as the API lists it (never its token). */
export type PreviewLinkSummary = Omit<PreviewLink, 'tokenHash'> & { expired: boolean };
/** POST's answer: the link itself, shown this once. */
export type CreatedPreviewLink = PreviewLinkSummary & { url: string };

/** POST /api/admin/proposals/:id/preview-link */
export const expiresInDaysSchema = z.strictObject({
  expiresInDays: previewLinkCreateSchema.shape.expiresInDays,
});
