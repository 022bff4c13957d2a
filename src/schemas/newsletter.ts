import * as z from 'zod/mini';
import { emailAddress } from './clean-text';

// Written with zod/mini: the newsletter form and popup validate with this same schema.

/** Newsletter signup (inline and popup): a valid email. */
export const newsletterInputSchema = z.object({
  email: emailAddress('Please enter a valid email address'),
});

/** Lower-cased, trimmed address: the uniqueness key. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
