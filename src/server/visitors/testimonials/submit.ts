import type { z } from 'zod';
import {
  testimonialSchema,
  type Testimonial,
  type testimonialSubmitSchema,
} from '../../../schemas/testimonial';
import { HttpError } from '../../http/errors';
import { markPerson } from '../../storage/person-index';
import { createJSON } from '../../storage/store';
import { recordKey } from '../testimonial-keys';
import { records } from './stores';

/** Stores a visitor's testimonial, always pending review: approved and featured are forced false. */
export async function submitTestimonial(
  input: z.output<typeof testimonialSubmitSchema>,
): Promise<Testimonial> {
  const now = new Date().toISOString();
  const { approved: _a, featured: _f, ...fields } = input;
  const record = testimonialSchema.parse({
    ...fields,
    id: crypto.randomUUID(),
    createdAt: now,
    updatedAt: now,
    approved: false,
    featured: false,
    order: 0,
  });
  // Marked first, so erasure by name finds every stored testimonial (person-index.ts).
  await markPerson('testimonial', record.id, record);
  if (!(await createJSON(records(), recordKey(record), testimonialSchema, record)))
    throw new HttpError(409, 'Please submit the testimonial again');
  return record;
}
