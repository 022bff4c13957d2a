import { z } from 'zod';
import { testimonialSchema, type Testimonial } from '../../../schemas/testimonial';
import { HttpError } from '../../http/errors';
import { listKeys, readRecords } from '../../storage/records';
import { openStore, STORES } from '../../storage/store';

/*
 * Layout, chosen so every read touches only what it returns:
 * - the testimonials store keeps one key per testimonial, `<day>/<createdAt>_<id>` (the first
 *   layout's `<createdAt>_<id>` keys are still read: old stores need no record migration). A visitor
 *   submission writes only its own key: submissions never contend with each other or with an admin.
 *   Which keys exist is known without listing the store: see testimonial-keys.ts.
 * - the system store's `testimonials-published` document holds every approved testimonial in full.
 *   The public lists read only it (one Blobs call, however many submissions wait for review).
 *   Admin actions (approve, feature, edit, delete, restore) keep it current with etag-guarded merges
 *   that re-read the record they are about, so a late merge cannot undo a newer change.
 * A store written by the first layout has no such document: it is built once from a full scan and
 * created only if still absent (idempotent; simultaneous first readers agree).
 */
export const records = () => openStore(STORES.testimonials);
export const system = () => openStore(STORES.system);
export const INDEX_KEY = 'testimonials-published';
/**
 * `rev` counts the document's writes. A version tag names content (the local store's are hashes of
 * the bytes), so a write that changed no testimonial would keep the tag it had, and a change
 * computed from an older read of a record could still land on it: a withdrawn testimonial
 * published again. Counting every write makes each one a new version.
 */
export const indexSchema = z.object({
  items: z.array(testimonialSchema),
  rev: z.number().int().min(0).default(0),
});

export const gone = () => new HttpError(404, 'Testimonial not found');

/** Every stored testimonial, read one by one: the migration's source and the tests' reference. */
export async function scanTestimonials(): Promise<Testimonial[]> {
  return readRecords(records(), await listKeys(records()), testimonialSchema);
}
