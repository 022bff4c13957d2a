import { z } from 'zod';
import { HttpError } from '../http/errors';
import { uploadExists } from '../content/uploads';
import { eraseHistoryEntry, publish, type HistoryEntry } from '../publishing/history';
import { erasureOverlaps, type Person } from '../storage/person-index';
import { deleteTestimonial } from '../visitors/testimonials';
import { deleteSubscription } from '../visitors/newsletter';

/*
 * What a History restore checks besides the record itself (restore.ts): that it does not bring
 * back a visitor's data an erasure took while it ran, nor an image deleted from the media library.
 */
const fieldsState = z.record(z.string(), z.unknown());
const cannot = (message: string) => new HttpError(409, message);

/**
 * A restore of a visitor's data that overlapped an erasure of them (begun before, or while, it
 * ran) may have brought back a record, and written an entry, that the erasure never saw: both
 * are taken back (409), and their data stays erased.
 */
export async function takeBackIfErased(entry: HistoryEntry, answer: HistoryEntry, since: number) {
  const [name = '', id = ''] = entry.target.split('/');
  const people: Person[] = [];
  for (const state of [entry.before, entry.after]) {
    const record = fieldsState.safeParse(state);
    if (!record.success) continue;
    const { name: who, email } = record.data;
    if (name === 'testimonials' && typeof who === 'string') people.push({ name: who });
    if (name === 'subscriptions' && typeof email === 'string') people.push({ email });
  }
  let overlaps = false;
  for (const who of people) overlaps ||= await erasureOverlaps(who, since);
  if (!overlaps) return;
  if (entry.after === undefined) {
    const gone = (error: unknown) => {
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    };
    if (name === 'testimonials') await deleteTestimonial(id).catch(gone);
    else await deleteSubscription(id).catch(gone);
  }
  await eraseHistoryEntry(answer.id);
  await publish();
  throw cannot('Their personal data was erased while this was being restored, so it stays erased');
}

/** The image fields of a version that name an upload deleted since (from the media library). */
export async function goneImages(
  version: Record<string, unknown>,
  fields: readonly string[],
): Promise<string[]> {
  const gone: string[] = [];
  for (const field of fields) {
    const url = version[field];
    if (typeof url === 'string' && url.startsWith('/api/uploads/') && !(await uploadExists(url)))
      gone.push(field);
  }
  return gone;
}

/** 409 when the old version names an image deleted since: restored, it would show a broken one. */
export async function assertImagesKept(patch: Record<string, unknown>, fields: readonly string[]) {
  const gone = await goneImages(patch, fields);
  if (gone.length > 0)
    throw new HttpError(
      409,
      'The image of the old version was deleted from the media library since, so it cannot be restored',
      Object.fromEntries(gone.map((f) => [f, 'Deleted from the media library'])),
    );
}
