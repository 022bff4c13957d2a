/** Window event fired after a successful testimonial submission, so the lists on the page refresh. */
export const TESTIMONIALS_CHANGED = 'testimonials:changed';
