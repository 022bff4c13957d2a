import { z } from 'zod';
import {
  testimonialSchema,
  type Testimonial,
  type testimonialSubmitSchema,
  type testimonialUpdateSchema,
} from '../../schemas/testimonial';
import { CACHE_TAGS, purgeTags } from '../http/cdn-cache';
import type { User } from '../../schemas/user';
import { HttpError, StorageError } from '../http/errors';
import { commitChange } from '../publishing/history';
import { markPerson } from '../storage/person-index';
import { deleteUpload, uploadExists } from '../content/uploads';
import { importImages } from '../content/image-import';
import { listKeys, readRecords, type Page, type PageQuery } from '../storage/records';
import {
  assertExpected,
  createJSON,
  deleteKey,
  openStore,
  readJSON,
  readJSONShared,
  STORES,
  updateJSON,
} from '../storage/store';
import {
  allTestimonialKeys,
  countTestimonialKeys,
  forgetKey,
  idOfKey,
  recordKey,
  rememberKeys,
  timeOfKey,
} from './testimonial-keys';

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
const records = () => openStore(STORES.testimonials);
const system = () => openStore(STORES.system);
const INDEX_KEY = 'testimonials-published';
const indexSchema = z.object({ items: z.array(testimonialSchema) });

const gone = () => new HttpError(404, 'Testimonial not found');

/** Every stored testimonial, read one by one: the migration's source and the tests' reference. */
export async function scanTestimonials(): Promise<Testimonial[]> {
  return readRecords(records(), await listKeys(records()), testimonialSchema);
}

/**
 * The approved testimonials as stored in the published document, building it once for an old
 * store. A build passes `mayWrite: false`: Netlify refuses a build's writes to site-wide stores, so
 * it answers from the scan and leaves saving the document to the next function that reads it.
 */
async function publishedIndex({ mayWrite = true } = {}): Promise<readonly Testimonial[]> {
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
 * of the public lists if they changed. It always writes (etag-guarded), even when nothing changed:
 * a merge computed from an older read of the record then fails its etag check and is redone.
 */
async function syncPublished(key: string, id: string): Promise<void> {
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
      return { items };
    },
  );
  if (changed) await purgeTags(CACHE_TAGS.testimonials);
}

/** The key of a testimonial (making sure the published document exists before the record changes). */
async function keyOf(id: string): Promise<string> {
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
const settle =
  (key: string, id: string) =>
  async (error: unknown): Promise<never> => {
    if (error instanceof HttpError && error.status === 404) await syncPublished(key, id);
    throw error;
  };

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

/**
 * One page of the admin list: pending review first, then approved, each newest first, with the
 * number pending. Costs the key snapshot and a listing of the recent days, one read of the
 * published document and one read per pending testimonial on the page.
 */
export async function testimonialPage({
  page,
  pageSize,
}: Pick<PageQuery, 'page' | 'pageSize'>): Promise<Page<Testimonial> & { pending: number }> {
  const [keys, published] = await Promise.all([allTestimonialKeys(), publishedIndex()]);
  const approved = new Map(published.map((t) => [t.id, t]));
  // Keys end with `<ISO creation time>_<id>`: a reversed sort on that is newest first.
  // Plain comparison: ISO times sort as strings, and localeCompare costs ~10x on 10,000 keys.
  const newest = keys
    .map((k) => [timeOfKey(k), k] as const)
    .sort((a, b) => (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : 0))
    .map(([, k]) => k);
  const pending = newest.filter((k) => !approved.has(idOfKey(k)));
  const ordered = [...pending, ...newest.filter((k) => approved.has(idOfKey(k)))];
  const shown = ordered.slice((page - 1) * pageSize, page * pageSize);
  const read = await readRecords(
    records(),
    shown.filter((k) => !approved.has(idOfKey(k))),
    testimonialSchema,
  );
  const byId = new Map(read.map((t) => [t.id, t]));
  const items = shown.flatMap((k) => approved.get(idOfKey(k)) ?? byId.get(idOfKey(k)) ?? []);
  return { items, total: ordered.length, page, pageSize, pending: pending.length };
}

/**
 * Counts without reading records or the list of keys: the key snapshot's count, the recent days'
 * listings and the published document. Every published testimonial has its key (a delete removes
 * the key, then the published entry), so pending = all keys − published; a delete that died
 * between the two counts one testimonial too few until its published entry is settled (the public
 * list shows it until then too).
 */
export async function testimonialCounts(): Promise<{ total: number; pending: number }> {
  const [total, published] = await Promise.all([countTestimonialKeys(), publishedIndex()]);
  return { total, pending: Math.max(0, total - published.length) };
}

/** The ids of testimonials never approved and sent before `at` (ISO), oldest first; no record is read. */
export async function pendingTestimonialIdsBefore(at: string): Promise<string[]> {
  const [keys, published] = await Promise.all([allTestimonialKeys(), publishedIndex()]);
  const approved = new Set(published.map((t) => t.id));
  return keys
    .filter((k) => !approved.has(idOfKey(k)) && timeOfKey(k).slice(0, at.length) < at)
    .sort((a, b) => (timeOfKey(a) < timeOfKey(b) ? -1 : 1))
    .map(idOfKey);
}

/** The ids of testimonials sent from `from` until before `to` (ISO) that still await review, oldest first; no record is read. */
export async function pendingIdsBetween(from: string, to: string): Promise<string[]> {
  const [keys, published] = await Promise.all([allTestimonialKeys(), publishedIndex()]);
  const approved = new Set(published.map((t) => t.id));
  return keys
    .filter((k) => !approved.has(idOfKey(k)) && timeOfKey(k) >= from && timeOfKey(k) < to)
    .sort((a, b) => (timeOfKey(a) < timeOfKey(b) ? -1 : 1))
    .map(idOfKey);
}

/** Published order: by `order`, then newest first. */
const publishedOrder = (a: Testimonial, b: Testimonial) =>
  a.order - b.order || b.createdAt.localeCompare(a.createdAt);

/** Approved testimonials, as the public lists show them (one Blobs read). */
export async function approvedTestimonials(): Promise<Testimonial[]> {
  return (await publishedIndex()).slice().sort(publishedOrder);
}

/** The same list for a build, which must never attempt a write (see publishedIndex). */
export async function approvedTestimonialsForBuild(): Promise<Testimonial[]> {
  return (await publishedIndex({ mayWrite: false })).slice().sort(publishedOrder);
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

/** One testimonial, or null when there is none with this id. */
export async function getTestimonial(id: string): Promise<Testimonial | null> {
  const key = (await allTestimonialKeys()).find((k) => idOfKey(k) === id);
  return key ? ((await readJSON(records(), key, testimonialSchema))?.value ?? null) : null;
}

/**
 * Deletes a testimonial and its uploaded photo (the privacy notice promises both go); 404 when it
 * does not exist. The photo goes last, so a failed delete leaves nothing that shows an orphan.
 */
export async function deleteTestimonial(id: string): Promise<Testimonial> {
  const key = await keyOf(id);
  const [found] = await readRecords(records(), [key], testimonialSchema);
  if (!found) return settle(key, id)(gone());
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
      };
    });
    await purgeTags(CACHE_TAGS.testimonials);
  }
  return written;
}
