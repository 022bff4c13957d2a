import { z } from 'zod';
import { testimonialSchema, type Testimonial, type testimonialSubmitSchema, type testimonialUpdateSchema } from '../schemas/testimonial';
import { HttpError } from './errors';
import { assertExpected } from './collections';
import { listKeys, readRecords } from './records';
import { createJSON, deleteKey, openStore, STORES, updateJSON } from './store';

// One key per testimonial, `${createdAt}_${id}` as the demo seed writes them, so visitor
// submissions never contend with each other or with an admin editing another testimonial.
const store = () => openStore(STORES.testimonials);
const keyFor = (t: Pick<Testimonial, 'createdAt' | 'id'>) => `${t.createdAt}_${t.id}`;
const gone = () => new HttpError(404, 'Testimonial not found');

async function keyOf(id: string): Promise<string> {
  const key = (await listKeys(store())).find((k) => k.slice(k.lastIndexOf('_') + 1) === id);
  if (!key) throw gone();
  return key;
}

/** Stores a visitor's testimonial, always pending review: approved and featured are forced false. */
export async function submitTestimonial(input: z.output<typeof testimonialSubmitSchema>): Promise<Testimonial> {
  const now = new Date().toISOString();
  const { approved: _a, featured: _f, ...fields } = input;
  const record = testimonialSchema.parse({ ...fields, id: crypto.randomUUID(), createdAt: now, updatedAt: now, approved: false, featured: false, order: 0 });
  if (!(await createJSON(store(), keyFor(record), testimonialSchema, record))) throw new HttpError(409, 'Please submit the testimonial again');
  return record;
}

/** Every testimonial (admin view): pending review first, then newest first. */
export async function allTestimonials(): Promise<Testimonial[]> {
  const all = await readRecords(store(), await listKeys(store()), testimonialSchema);
  return all.sort((a, b) => Number(a.approved) - Number(b.approved) || b.createdAt.localeCompare(a.createdAt));
}

/** Published order: by `order`, then newest first. */
const published = (a: Testimonial, b: Testimonial) => a.order - b.order || b.createdAt.localeCompare(a.createdAt);

/** Approved testimonials, as the public lists show them. */
export async function approvedTestimonials(): Promise<Testimonial[]> {
  return (await allTestimonials()).filter((t) => t.approved).sort(published);
}

/** Approved and featured testimonials. */
export async function featuredTestimonials(): Promise<Testimonial[]> {
  return (await approvedTestimonials()).filter((t) => t.featured);
}

/** Applies an admin edit (etag-guarded, so a concurrent edit of the same testimonial is merged, not lost). */
export async function updateTestimonial(
  id: string,
  patch: z.output<typeof testimonialUpdateSchema>,
  expected?: Record<string, unknown>,
): Promise<{ before: Testimonial; after: Testimonial }> {
  const key = await keyOf(id);
  let before: Testimonial | undefined;
  const after = await updateJSON(
    store(),
    key,
    testimonialSchema,
    () => {
      throw gone(); // deleted since we found its key
    },
    (current) => {
      // A field changed by someone else since the admin loaded it: 409 with its current value.
      assertExpected(current, expected);
      before = current;
      return { ...current, ...patch, id: current.id, createdAt: current.createdAt, updatedAt: new Date().toISOString() };
    },
  );
  return { before: before!, after };
}

/** Deletes a testimonial; 404 when it does not exist. */
export async function deleteTestimonial(id: string): Promise<Testimonial> {
  const key = await keyOf(id);
  const [found] = await readRecords(store(), [key], testimonialSchema);
  if (!found) throw gone();
  await deleteKey(store(), key);
  return found;
}

/** Puts a deleted testimonial back exactly as it was (history restore); 409 if it exists again. */
export async function reinsertTestimonial(record: unknown): Promise<Testimonial> {
  const parsed = testimonialSchema.parse(record);
  if (!(await createJSON(store(), keyFor(parsed), testimonialSchema, parsed))) throw new HttpError(409, 'This testimonial already exists');
  return parsed;
}
