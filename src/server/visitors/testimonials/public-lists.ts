import type { Testimonial } from '../../../schemas/testimonial';
import { publishedIndex } from './published';

/** Published order: by `order`, then newest first. */
const publishedOrder = (a: Testimonial, b: Testimonial) =>
  a.order - b.order || b.createdAt.localeCompare(a.createdAt);

/** Approved testimonials, as the public lists show them (one Blobs read). */
export async function approvedTestimonials(): Promise<Testimonial[]> {
  return (await publishedIndex()).slice().sort(publishedOrder);
}

/** The same list for a build, which must never attempt a write (see publishedIndex in published.ts). */
export async function approvedTestimonialsForBuild(): Promise<Testimonial[]> {
  return (await publishedIndex({ mayWrite: false })).slice().sort(publishedOrder);
}

/** Approved and featured testimonials. */
export async function featuredTestimonials(): Promise<Testimonial[]> {
  return (await approvedTestimonials()).filter((t) => t.featured);
}
