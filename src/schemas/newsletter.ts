import { z } from 'zod';
import { cleanString, recordMeta } from './common';

/** Newsletter signup (inline and popup): a valid email. */
export const newsletterInputSchema = z.object({
  email: cleanString('Please enter a valid email address').trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
});

/** A stored subscription; the key is the normalised email, so it is unique. */
export const newsletterSubscriptionSchema = z.object({
  id: recordMeta.id,
  email: z.email(),
  createdAt: recordMeta.createdAt,
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;

/** Lower-cased, trimmed address: the uniqueness key. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
