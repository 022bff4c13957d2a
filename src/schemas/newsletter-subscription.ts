import { z } from 'zod';
import { recordMeta, timestampSchema } from './common';
import { SIGNUP_FORMS } from './newsletter-consent';

/**
 * A stored subscription; the key is the normalised email's hash, so it is unique. Records from
 * before double opt-in carry only id, email and createdAt: they read as confirmed, source unknown.
 */
export const newsletterSubscriptionSchema = z.object({
  id: recordMeta.id,
  email: z.email(),
  createdAt: recordMeta.createdAt,
  /** pending until the link in the confirmation email is used; unsubscribed once the subscriber leaves. */
  status: z.enum(['pending', 'confirmed', 'unsubscribed']).default('confirmed'),
  /** When the latest signup asked (a pending one expires a week after it). */
  requestedAt: timestampSchema.optional(),
  confirmedAt: timestampSchema.optional(),
  /** The consent record: the page and form of the signup, and the version of the wording shown. */
  source: z.string().max(300).optional(),
  form: z.enum(SIGNUP_FORMS).optional(),
  consent: z.string().max(40).optional(),
  /** The research areas (slugs) the reader chose; absent or empty means everything. */
  topics: z.array(z.string().max(100)).max(50).optional(),
  /** When the topics were last chosen (at signup or on the preferences page), for the consent record. */
  topicsChangedAt: timestampSchema.optional(),
  /** SHA-256 of the secret in the newest confirmation link (only while pending). */
  confirmTokenHash: z.string().optional(),
  /** When the newest confirmation email was queued (a repeat signup resends at most this often). */
  confirmSentAt: timestampSchema.optional(),
  /** When the subscriber last unsubscribed (kept through a later signup until it is confirmed). */
  unsubscribedAt: timestampSchema.optional(),
  /**
   * The secret of this subscription's unsubscribe links (only while confirmed). Kept itself, not
   * hashed, because every newsletter email must carry a working link; each confirmation sets a
   * new one, so a link from an earlier subscription stops working.
   */
  unsubscribeSecret: z.string().optional(),
  /** When an unsubscribe link was last emailed on request (resent at most this often). */
  unsubscribeSentAt: timestampSchema.optional(),
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

/** What the subscriber index keeps and the admin sees of a subscription: no link secret. */
export type SubscriberRow = Omit<
  NewsletterSubscription,
  'confirmTokenHash' | 'confirmSentAt' | 'unsubscribeSecret' | 'unsubscribeSentAt'
>;

/** A subscription as a row of the index. */
export const toRow = ({
  confirmTokenHash: _t,
  confirmSentAt: _s,
  unsubscribeSecret: _u,
  unsubscribeSentAt: _us,
  ...row
}: SubscriberRow & Partial<NewsletterSubscription>): SubscriberRow => row;

/** When a subscriber export last ran and how many rows it held. */
export const lastExportSchema = z.object({ at: timestampSchema, count: z.number().int().min(0) });
export type LastExport = z.infer<typeof lastExportSchema>;

/** GET /api/admin/subscriptions/last-export: each list's last export, or null before the first. */
export const lastExportsSchema = z.object({
  subscribed: lastExportSchema.nullable(),
  unsubscribed: lastExportSchema.nullable(),
});
export type LastExports = z.infer<typeof lastExportsSchema>;
