import { z } from 'zod';
import { longText, orderSchema, recordMeta, text, webUrl } from './common';

const fields = {
  name: text(120).min(1, 'Full Name is required'),
  position: text(160).default(''),
  company: text(160).default(''),
  content: longText(3000).trim().min(1, 'Your Testimonial is required'),
  rating: z.number({ error: 'Rating must be a whole number from 1 to 5' }).int('Rating must be a whole number from 1 to 5').min(1, 'Rating must be a whole number from 1 to 5').max(5, 'Rating must be a whole number from 1 to 5').default(5),
  image: webUrl().or(z.string().regex(/^\/api\/uploads\/[\w.-]+$/)).default(''),
  linkedin: webUrl().default(''),
};

/** A stored testimonial. */
export const testimonialSchema = z.object({
  ...recordMeta,
  ...fields,
  featured: z.boolean().default(false),
  approved: z.boolean().default(false),
  order: orderSchema.default(0),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/**
 * What a visitor may submit. featured and approved are accepted (the form sends them) but the
 * server always stores false: a submission is pending review.
 */
export const testimonialSubmitSchema = z.object({
  ...fields,
  featured: z.boolean().optional(),
  approved: z.boolean().optional(),
});
export type TestimonialSubmit = z.input<typeof testimonialSubmitSchema>;

/** Admin edit: any field, including approval, featuring and order. */
export const testimonialUpdateSchema = z
  .strictObject({ ...fields, featured: z.boolean(), approved: z.boolean(), order: orderSchema })
  .partial();

/** Initials for an avatar: first letters of the first two words, uppercased (spec §2). */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0))
    .join('')
    .toUpperCase()
    .slice(0, 2);
}
