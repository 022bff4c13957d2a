import { testimonialSchema, type Testimonial } from '../../../schemas/testimonial';
import { readRecords, type Page, type PageQuery } from '../../storage/records';
import { readJSON } from '../../storage/store';
import { allTestimonialKeys, countTestimonialKeys, idOfKey, timeOfKey } from '../testimonial-keys';
import { publishedIndex } from './published';
import { records } from './stores';

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

/** One testimonial, or null when there is none with this id. */
export async function getTestimonial(id: string): Promise<Testimonial | null> {
  const key = (await allTestimonialKeys()).find((k) => idOfKey(k) === id);
  return key ? ((await readJSON(records(), key, testimonialSchema))?.value ?? null) : null;
}
