import { testimonialSchema, type Testimonial } from '../../../schemas/testimonial';
import { uploadExists } from '../../content/uploads';
import { CACHE_TAGS, purgeTags } from '../../http/cdn-cache';
import { HttpError, StorageError } from '../../http/errors';
import { markPerson } from '../../storage/person-index';
import { readRecords } from '../../storage/records';
import { createJSON, updateJSON } from '../../storage/store';
import { allTestimonialKeys, idOfKey, recordKey, rememberKeys } from '../testimonial-keys';
import { publishedIndex, syncPublished } from './published';
import { INDEX_KEY, indexSchema, records, system } from './stores';

/** Puts a deleted testimonial back exactly as it was (history restore); 409 if it exists again. */
export async function reinsertTestimonial(record: unknown): Promise<Testimonial> {
  const given = testimonialSchema.parse(record);
  // Its uploaded photo went with the delete: the restored testimonial shows none rather than a broken one.
  const photoGone = given.image.startsWith('/api/uploads/') && !(await uploadExists(given.image));
  const parsed = photoGone ? { ...given, image: '' } : given;
  await publishedIndex();
  await markPerson('testimonial', parsed.id, parsed);
  if ((await allTestimonialKeys()).some((k) => idOfKey(k) === parsed.id))
    throw new HttpError(409, 'This testimonial already exists');
  if (!(await createJSON(records(), recordKey(parsed), testimonialSchema, parsed)))
    throw new HttpError(409, 'This testimonial already exists');
  await rememberKeys([recordKey(parsed)]);
  await syncPublished(recordKey(parsed), parsed.id);
  return parsed;
}

/**
 * Bulk path for seeding and imports: writes each record under its own key (a few at a time), then
 * merges the approved ones into the published document once. Records whose key exists are skipped.
 */
export async function insertTestimonials(list: Testimonial[], concurrency = 16): Promise<number> {
  await publishedIndex();
  const parsed = list.map((t) => testimonialSchema.parse(t));
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < parsed.length) {
      const t = parsed[next++]!;
      await markPerson('testimonial', t.id, t);
      if (await createJSON(records(), recordKey(t), testimonialSchema, t)) written++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, parsed.length) }, worker));
  await rememberKeys(parsed.map(recordKey));
  const approved = parsed.filter((t) => t.approved);
  if (approved.length > 0) {
    const missing = () => {
      throw new StorageError('The published testimonials list disappeared during an import');
    };
    await updateJSON(system(), INDEX_KEY, indexSchema, missing, async (doc) => {
      const fresh = await readRecords(records(), approved.map(recordKey), testimonialSchema);
      const ids = new Set(fresh.map((t) => t.id));
      return {
        items: [...doc.items.filter((t) => !ids.has(t.id)), ...fresh.filter((t) => t.approved)],
        rev: doc.rev + 1,
      };
    });
    await purgeTags(CACHE_TAGS.testimonials);
  }
  return written;
}
