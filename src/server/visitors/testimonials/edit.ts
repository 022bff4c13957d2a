import type { z } from 'zod';
import {
  testimonialSchema,
  type Testimonial,
  type testimonialUpdateSchema,
} from '../../../schemas/testimonial';
import type { User } from '../../../schemas/user';
import { importImages } from '../../content/image-import';
import { commitChange } from '../../publishing/history';
import { assertExpected, updateJSON } from '../../storage/store';
import { keyOf, settle, syncPublished } from './published';
import { gone, records } from './stores';

/** Applies an admin edit (etag-guarded, so a concurrent edit of the same testimonial is merged, not lost). */
export async function updateTestimonial(
  id: string,
  patch: z.output<typeof testimonialUpdateSchema>,
  expected?: Record<string, unknown>,
): Promise<{ before: Testimonial; after: Testimonial }> {
  const key = await keyOf(id); // also makes sure the published document exists before the record changes
  let before: Testimonial | undefined;
  const after = await updateJSON(
    records(),
    key,
    testimonialSchema,
    () => {
      throw gone(); // deleted since we found its key (settle() drops it from the published list too)
    },
    (current) => {
      // A field changed by someone else since the admin loaded it: 409 with its current value.
      assertExpected(current, expected);
      before = current;
      return {
        ...current,
        ...patch,
        id: current.id,
        createdAt: current.createdAt,
        updatedAt: new Date().toISOString(),
      };
    },
  ).catch(settle(key, id));
  await syncPublished(key, id);
  return { before: before!, after };
}

/**
 * An editor's change (approval, featuring, wording, a photo elsewhere brought onto this site): in
 * History, and rebuilt, since /testimonials is pre-rendered.
 */
export async function reviewTestimonial(
  user: Pick<User, 'username'>,
  id: string,
  patch: z.output<typeof testimonialUpdateSchema>,
  expected?: Record<string, unknown>,
): Promise<Testimonial> {
  const { before, after } = await updateTestimonial(
    id,
    await importImages(patch, ['image']),
    expected,
  );
  await commitChange(user, {
    action: 'update',
    target: `testimonials/${id}`,
    summary: `${after.name}: ${Object.keys(patch).join(', ')}`,
    before,
    after,
  });
  return after;
}
