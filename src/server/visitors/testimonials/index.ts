export { scanTestimonials } from './stores';
export { submitTestimonial } from './submit';
export {
  getTestimonial,
  pendingIdsBetween,
  pendingTestimonialIdsBefore,
  testimonialCounts,
  testimonialPage,
} from './admin-reads';
export {
  approvedTestimonials,
  approvedTestimonialsForBuild,
  featuredTestimonials,
} from './public-lists';
export { reviewTestimonial, updateTestimonial } from './edit';
export { deleteTestimonial, removeTestimonial } from './delete';
export { insertTestimonials, reinsertTestimonial } from './insert';

/*
 * What visitors say about the institute, kept for review before it is shown. This file is the
 * testimonials' public face, built on which keys exist (testimonial-keys.ts, beside this folder):
 * stores.ts (the layout: one key per testimonial, the published document; the full scan),
 * published.ts (the published document built, kept in line with a record, and a record's key
 * found for an admin action), submit.ts (a visitor's testimonial, pending review), admin-reads.ts
 * (the admin list, its counts, the ids awaiting review, one testimonial), public-lists.ts (the
 * approved and featured ones, for functions and the build), edit.ts (an admin edit, and an
 * editor's change in History), delete.ts (a delete with its photo, and an editor's in History)
 * and insert.ts (a history restore, and the bulk path for seeding and imports).
 */
