import { z } from 'zod';
import type { Testimonial } from '../../schemas/testimonial';
import { StorageError } from '../http/errors';
import { listKeys } from '../storage/records';
import {
  blobCall,
  createJSON,
  openStore,
  readJSON,
  readJSONShared,
  readMetadata,
  STORES,
  updateJSON,
} from '../storage/store';

/*
 * Which testimonial keys exist, without listing the whole store (a listing is a round trip per
 * 1,000 keys on Netlify, and the local Blobs server reads every file it lists):
 * - a record's key is `<day>/<createdAt>_<id>` (day = UTC date of createdAt), so one day's keys are
 *   one prefix listing. The first layout's keys, `<createdAt>_<id>`, are still understood.
 * - the system store's `testimonial-keys` snapshot holds every key of the days before its
 *   `watermark`, and every first-layout key. All keys = the snapshot plus the listings of the days
 *   from the watermark on (normally yesterday and today).
 * - finished days are folded into the snapshot by the reader that finds them (etag-guarded). Admin
 *   deletes and restores change it with etag-guarded merges that always write a new version (the
 *   snapshot's `rev`, one up: a version tag names content, so a write that changed no key would
 *   otherwise keep its tag), so a fold computed from an older listing fails its etag check and is
 *   redone.
 * A store without the snapshot (the first layout) gets one built from a full listing, once.
 * Every write of the snapshot stores with it, as metadata, how many of its keys are of days before
 * its watermark (countTestimonialKeys): a count reads that and the recent days' listings, never
 * the snapshot's keys. A snapshot written before it carried that count gets it on its next count.
 */
const records = () => openStore(STORES.testimonials);
const system = () => openStore(STORES.system);
const SNAPSHOT_KEY = 'testimonial-keys';
const snapshotSchema = z.object({
  watermark: z.string(),
  keys: z.array(z.string()),
  /** Counts the deletes' and restores' writes (see above). */
  rev: z.number().int().min(0).default(0),
});
type Snapshot = z.infer<typeof snapshotSchema>;
const countSchema = z.object({ before: z.number().int().min(0), watermark: z.string() });
/** What every snapshot write stores beside it: its keys of days before its watermark, counted. */
const counted = (doc: Snapshot) => ({
  before: doc.keys.filter((k) => dayOfKey(k) < doc.watermark).length,
  watermark: doc.watermark,
});
const withCount = { metadata: counted };

const dayOfTime = (createdAt: string) => createdAt.slice(0, 10);
// Only days before yesterday are folded: a submission stamped just before midnight that lands just
// after it still finds its day in the tail.
const foldBefore = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
/** The day folder of a key; '' for a first-layout key (always in the snapshot). */
const dayOfKey = (key: string) => (key.includes('/') ? key.slice(0, key.indexOf('/')) : '');

/** The key of a testimonial in the current layout. */
export const recordKey = (t: Pick<Testimonial, 'createdAt' | 'id'>) =>
  `${dayOfTime(t.createdAt)}/${t.createdAt}_${t.id}`;
/** The id a key ends with (both layouts). */
export const idOfKey = (key: string) => key.slice(key.lastIndexOf('_') + 1);
/** The part of a key that sorts by creation time (both layouts). */
export const timeOfKey = (key: string) => key.slice(key.lastIndexOf('/') + 1);

const missing = () => {
  throw new StorageError('The testimonial key snapshot disappeared during an update');
};

async function snapshot() {
  // Read-only here (changes go through updateJSON): a warm function reuses its parsed copy.
  const found = await readJSONShared(system(), SNAPSHOT_KEY, snapshotSchema);
  if (found) return found;
  // Everything listed now is in the snapshot; keys of the days from the watermark on also list as tail.
  const keys = await listKeys(records());
  const made = { watermark: foldBefore(), keys, rev: 0 };
  await createJSON(system(), SNAPSHOT_KEY, snapshotSchema, made, { metadata: counted(made) });
  const stored = await readJSON(system(), SNAPSHOT_KEY, snapshotSchema);
  if (!stored)
    throw new StorageError('The testimonial key snapshot disappeared while it was built');
  return stored.value;
}

/** Day folders that hold keys, oldest first (a directory listing: it reads no record). */
async function days(): Promise<string[]> {
  const { directories } = await blobCall('list testimonial days', () =>
    records().list({ directories: true }),
  );
  return directories.map((d) => d.replace(/\/$/, '')).sort();
}

const keysOf = async (list: string[]) =>
  (await Promise.all(list.map((day) => listKeys(records(), `${day}/`)))).flat();

/** Every testimonial key, both layouts, each once. */
export async function allTestimonialKeys(): Promise<string[]> {
  let value = await snapshot();
  let tail = (await days()).filter((d) => d >= value.watermark);
  if (tail.some((d) => d < foldBefore())) {
    value = await updateJSON(
      system(),
      SNAPSHOT_KEY,
      snapshotSchema,
      missing,
      async (doc) => {
        const until = foldBefore();
        if (doc.watermark >= until) return doc;
        const folded = await keysOf((await days()).filter((d) => d >= doc.watermark && d < until));
        return { watermark: until, keys: [...new Set([...doc.keys, ...folded])], rev: doc.rev + 1 };
      },
      withCount,
    );
    tail = tail.filter((d) => d >= value.watermark);
  }
  return [...new Set([...value.keys, ...(await keysOf(tail))])];
}

/** After a delete: the key leaves the snapshot (always written, see above). */
export async function forgetKey(key: string): Promise<void> {
  await snapshot();
  await updateJSON(
    system(),
    SNAPSHOT_KEY,
    snapshotSchema,
    missing,
    (doc) => ({ ...doc, keys: doc.keys.filter((k) => k !== key), rev: doc.rev + 1 }),
    withCount,
  );
}

/** After keys were written (restore, import): those of already folded days join the snapshot. */
export async function rememberKeys(keys: string[]): Promise<void> {
  await snapshot();
  await updateJSON(
    system(),
    SNAPSHOT_KEY,
    snapshotSchema,
    missing,
    (doc) => {
      const folded = keys.filter((k) => dayOfKey(k) < doc.watermark);
      return { ...doc, keys: [...new Set([...doc.keys, ...folded])], rev: doc.rev + 1 };
    },
    withCount,
  );
}

/**
 * How many testimonial keys there are (both layouts), reading the snapshot's count (its metadata)
 * and listing the days from its watermark on: what it reads does not grow with the testimonials.
 * Days left to fold are folded first (allTestimonialKeys), as any reader of the keys does.
 */
export async function countTestimonialKeys(): Promise<number> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const meta = countSchema.safeParse(await readMetadata(system(), SNAPSHOT_KEY));
    if (!meta.success) {
      // No snapshot yet, or one written before it carried its count: written with it, once.
      await snapshot();
      await updateJSON(system(), SNAPSHOT_KEY, snapshotSchema, missing, (doc) => doc, withCount);
      continue;
    }
    const tail = (await days()).filter((d) => d >= meta.data.watermark);
    if (tail.some((d) => d < foldBefore())) {
      await allTestimonialKeys();
      continue;
    }
    return meta.data.before + (await keysOf(tail)).length;
  }
  throw new StorageError('The testimonial key snapshot keeps changing; try again');
}
