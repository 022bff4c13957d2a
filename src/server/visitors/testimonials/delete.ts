import { testimonialSchema, type Testimonial } from '../../../schemas/testimonial';
import type { User } from '../../../schemas/user';
import { deleteUpload } from '../../content/uploads';
import { HttpError } from '../../http/errors';
import { commitChange } from '../../publishing/history';
import { readRecords } from '../../storage/records';
import { deleteKey } from '../../storage/store';
import { forgetKey } from '../testimonial-keys';
import { keyOf, settle, syncPublished } from './published';
import { gone, records } from './stores';

/**
 * Deletes a testimonial and its uploaded photo (the privacy notice promises both go); 404 when it
 * does not exist. The photo goes last, so a failed delete leaves nothing that shows an orphan.
 */
export async function deleteTestimonial(
  id: string,
  keep?: (found: Testimonial) => boolean,
): Promise<Testimonial> {
  const key = await keyOf(id);
  const [found] = await readRecords(records(), [key], testimonialSchema);
  if (!found) return settle(key, id)(gone());
  // A caller that chose it from a listing read earlier (retention) checks it as it is now: an
  // editor may have approved it since. 409, and it stays.
  if (keep?.(found)) throw new HttpError(409, 'The testimonial changed since it was chosen');
  await deleteKey(records(), key);
  await forgetKey(key);
  await syncPublished(key, id);
  await deleteUpload(found.image);
  return found;
}

/** An editor deletes a testimonial: in History, and rebuilt off /testimonials. */
export async function removeTestimonial(
  user: Pick<User, 'username'>,
  id: string,
): Promise<Testimonial> {
  const removed = await deleteTestimonial(id);
  await commitChange(user, {
    action: 'delete',
    target: `testimonials/${removed.id}`,
    summary: removed.name,
    before: removed,
  });
  return removed;
}
