import { z } from 'zod';
import { recordMeta } from './common';
import { contactInputSchema } from './contact-form';

/** A stored contact message: what the visitor sent, with its id, time and read flag. */
export const contactFormSchema = z.object({
  ...contactInputSchema.shape,
  id: recordMeta.id,
  createdAt: recordMeta.createdAt,
  read: z.boolean().default(false),
});
export type ContactForm = z.infer<typeof contactFormSchema>;
