import * as z from 'zod/mini';
import { cleanText, emailAddress } from './clean-text';

// Written with zod/mini: the contact island validates with this same schema (see clean-text.ts).

/** Subject choices of the contact form. */
export const CONTACT_SUBJECTS = [
  'research',
  'collaboration',
  'training',
  'ambassador',
  'media',
  'careers',
  'other',
] as const;

/** Human labels for the subject select. */
export const CONTACT_SUBJECT_LABELS: Record<(typeof CONTACT_SUBJECTS)[number], string> = {
  research: 'Research inquiry',
  collaboration: 'Collaboration',
  training: 'Training',
  ambassador: 'Ambassador program',
  media: 'Media',
  careers: 'Careers',
  other: 'Other',
};

const NAME = 'Name must be at least 2 characters';
const MESSAGE = 'Message must be at least 10 characters';

/** The contact form as the visitor sends it, with the spec's exact messages. */
export const contactInputSchema = z.object({
  name: cleanText(NAME).check(
    z.trim(),
    z.minLength(2, NAME),
    z.maxLength(200, 'Name must be at most 200 characters'),
  ),
  email: emailAddress('Please enter a valid email address'),
  subject: z.enum(CONTACT_SUBJECTS, { error: 'Please select a subject' }),
  message: cleanText(MESSAGE).check(
    z.trim(),
    z.minLength(10, MESSAGE),
    z.maxLength(10_000, 'Message must be at most 10000 characters'),
  ),
});
export type ContactInput = z.infer<typeof contactInputSchema>;
