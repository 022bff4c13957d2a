import { testimonialSchema, type Testimonial } from '../../../schemas/testimonial';
import { CACHE_TAGS, purgeTags } from '../../http/cdn-cache';
import { HttpError, StorageError } from '../../http/errors';
import { createJSON, readJSON, readJSONShared, updateJSON } from '../../storage/store';
import { allTestimonialKeys, idOfKey, recordKey } from '../testimonial-keys';
import { gone, INDEX_KEY, indexSchema, records, scanTestimonials, system } from './stores';

/**
 * The approved testimonials as stored in the published document, building it once for an old
 * store. A build passes `mayWrite: false`: Netlify refuses a build's writes to site-wide stores, so
 * it answers from the scan and leaves saving the document to the next function that reads it.
 */
export async function publishedIndex({ mayWrite = true } = {}): Promise<readonly Testimonial[]> {
  // Read-only here (changes go through updateJSON): a warm function reuses its parsed copy.
  const found = await readJSONShared(system(), INDEX_KEY, indexSchema);
  if (found) return found.items;
  const items = (await scanTestimonials()).filter((t) => t.approved);
  if (!mayWrite) return items;
  try {
    if (await createJSON(system(), INDEX_KEY, indexSchema, { items })) return items;
  } catch (error) {
    // A reader that may not write (a build's read-only store): the scan is the right answer anyway.
    if (!(error instanceof StorageError)) throw error;
    console.error(
      'Could not save the published testimonials list; answering from a full scan:',
      error.message,
    );
    return items;
  }
  // Another request built it first, from a scan at least as recent: use theirs.
  return (await readJSON(system(), INDEX_KEY, indexSchema))?.value.items ?? items;
}

/**
 * Brings the published document in line with one record's current state, then purges the CDN copy
 * of the public lists if they changed. It always writes a new version (etag-guarded, its write
 * counter one up), even when no testimonial changed: a merge computed from an older read of the
 * record then fails its etag check and is redone.
 */
export async function syncPublished(key: string, id: string): Promise<void> {
  let changed = false;
  await updateJSON(
    system(),
    INDEX_KEY,
    indexSchema,
    () => {
      throw new StorageError('The published testimonials list disappeared during an update');
    },
    async (doc) => {
      const current = (await readJSON(records(), key, testimonialSchema))?.value;
      const others = doc.items.filter((t) => t.id !== id);
      const items = current?.approved ? [...others, current] : others;
      const was = doc.items.find((t) => t.id === id);
      changed = JSON.stringify(was ?? null) !== JSON.stringify(current?.approved ? current : null);
      return { items, rev: doc.rev + 1 };
    },
  );
  if (changed) await purgeTags(CACHE_TAGS.testimonials);
}

/** The key of a testimonial (making sure the published document exists before the record changes). */
export async function keyOf(id: string): Promise<string> {
  const [keys, published] = await Promise.all([allTestimonialKeys(), publishedIndex()]);
  const key = keys.find((k) => idOfKey(k) === id);
  if (key) return key;
  // Gone, yet maybe still published (a delete whose list update failed): settle that before the 404.
  const stale = published.find((t) => t.id === id);
  if (stale) await syncPublished(recordKey(stale), id);
  throw gone();
}

/**
 * For a testimonial found gone mid-action: the published list may still show it (a delete whose
 * list update failed), so it is brought in line before the 404 goes out. Other errors pass as they are.
 */
export const settle =
  (key: string, id: string) =>
  async (error: unknown): Promise<never> => {
    if (error instanceof HttpError && error.status === 404) await syncPublished(key, id);
    throw error;
  };
