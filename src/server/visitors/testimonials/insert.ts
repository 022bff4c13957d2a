import { testimonialSchema, type Testimonial } from '../../../schemas/testimonial';
import { uploadExists } from '../../content/uploads';
import { CACHE_TAGS, purgeTags } from '../../http/cdn-cache';
import { HttpError, StorageError } from '../../http/errors';
import { markPerson } from '../../storage/person-index';
import { readRecords } from '../../storage/records';
import { createJSON, readJSON, updateJSON } from '../../storage/store';
import { allTestimonialKeys, idOfKey, recordKey, rememberKeys } from '../testimonial-keys';
import { publishedIndex, syncPublished } from './published';
import { INDEX_KEY, indexSchema, records, system } from './stores';

/**
 * Puts a deleted testimonial back exactly as it was (history restore); 409 if it exists again. A
 * restore cut off after writing the record, before the key list or the published list took it
 * in (no admin list or public page shows it), is finished by restoring again.
 */
export async function reinsertTestimonial(record: unknown): Promise<Testimonial> {
  const given = testimonialSchema.parse(record);
  // Its uploaded photo went with the delete: the restored testimonial shows none rather than a broken one.
  const photoGone = given.image.startsWith('/api/uploads/') && !(await uploadExists(given.image));
  const parsed = photoGone ? { ...given, image: '' } : given;
  const published = await publishedIndex();
  await markPerson('testimonial', parsed.id, parsed);
  const key = recordKey(parsed);
  const known = (await allTestimonialKeys()).some((k) => idOfKey(k) === parsed.id);
  let restored: Testimonial = parsed;
  if (known || !(await createJSON(records(), key, testimonialSchema, parsed))) {
    const stored = (await readJSON(records(), key, testimonialSchema))?.value;
    const shown = known && (!stored?.approved || published.some((t) => t.id === parsed.id));
    if (!stored || shown) throw new HttpError(409, 'This testimonial already exists');
    restored = stored;
  }
  await rememberKeys([key]);
  await syncPublished(key, restored.id);
  return restored;
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
