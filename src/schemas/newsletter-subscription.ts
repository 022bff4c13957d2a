import { z } from 'zod';
import { recordMeta } from './common';

/** A stored subscription; the key is the normalised email, so it is unique. */
export const newsletterSubscriptionSchema = z.object({
  id: recordMeta.id,
  email: z.email(),
  createdAt: recordMeta.createdAt,
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscriptionSchema>;
