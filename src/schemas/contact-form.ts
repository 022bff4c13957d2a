import { z } from 'zod';
import { cleanString, recordMeta } from './common';

/** Subject choices of the contact form (spec §5). */
export const CONTACT_SUBJECTS = ['research', 'collaboration', 'training', 'ambassador', 'media', 'careers', 'other'] as const;

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

/** The contact form as the visitor sends it, with the spec's exact messages. */
export const contactInputSchema = z.object({
  name: cleanString('Name must be at least 2 characters').trim().min(2, 'Name must be at least 2 characters').max(200, 'Name must be at most 200 characters'),
  email: cleanString('Please enter a valid email address').trim().max(254, 'Please enter a valid email address').pipe(z.email('Please enter a valid email address')),
  subject: z.enum(CONTACT_SUBJECTS, { error: 'Please select a subject' }),
  message: cleanString('Message must be at least 10 characters').trim().min(10, 'Message must be at least 10 characters').max(10_000, 'Message must be at most 10000 characters'),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

/** A stored contact message. */
export const contactFormSchema = contactInputSchema.extend({
  id: recordMeta.id,
  createdAt: recordMeta.createdAt,
  read: z.boolean().default(false),
});
export type ContactForm = z.infer<typeof contactFormSchema>;
