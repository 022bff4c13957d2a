import { z } from 'zod';
import { longText, orderSchema, recordMeta, text, webUrl } from './common';
import { allowedImageSrc } from './image-source';

// Field rules without defaults: a partial (PATCH) schema built from defaulted fields would fill
// every missing field with its default and so wipe stored values on a one-field update.
const base = {
  name: text(120).min(1, 'Full Name is required'),
  position: text(160),
  company: text(160),
  content: longText(3000).trim().min(1, 'Your Testimonial is required'),
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  image: webUrl().or(z.string().regex(/^\/api\/uploads\/[\w.-]+$/)),
  linkedin: webUrl(),
};

const fields = {
  ...base,
  position: base.position.default(''),
  company: base.company.default(''),
  rating: base.rating.default(5),
  image: base.image.default(''),
  linkedin: base.linkedin.default(''),
};

/** A photo a visitor or admin may set: an https address or one of our own uploads (never http:, data: or javascript:). */
export const testimonialPhotoSchema = z
  .string()
  .trim()
  .max(2000, 'Profile Photo address is too long')
  .refine(
    (v) =>
      v === '' || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(v) || /^\/api\/uploads\/[\w.-]+$/.test(v),
    'Profile Photo must be an https:// address or an uploaded photo',
  );

/**
 * A visitor's photo: uploaded here, or LinkedIn's (the profile photo lookup), never an address
 * elsewhere. An admin's save brings such an image onto this site; a visitor's form must not make
 * the server fetch whatever address it is sent, so it is refused instead.
 */
export const VISITOR_PHOTO_ELSEWHERE =
  'Profile Photo must be uploaded here: a photo on another site cannot be shown. Upload a photo instead.';
const visitorPhotoSchema = testimonialPhotoSchema.refine(
  (v) => v === '' || allowedImageSrc(v),
  VISITOR_PHOTO_ELSEWHERE,
);

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
  image: visitorPhotoSchema.default(''),
  featured: z.boolean().optional(),
  approved: z.boolean().optional(),
});
export type TestimonialSubmit = z.input<typeof testimonialSubmitSchema>;

/** Admin edit: any field, including approval, featuring and order. */
export const testimonialUpdateSchema = z
  .strictObject({
    ...base,
    image: testimonialPhotoSchema,
    featured: z.boolean(),
    approved: z.boolean(),
    order: orderSchema,
  })
  .partial();
