import { getStore, type Store } from '@netlify/blobs';
import type { z } from 'zod';
import { HttpError, StorageError } from '../http/errors';

/** Store names: one place, so a typo cannot create a second store. */
export const STORES = {
  content: 'content',
  users: 'users',
  invitations: 'invitations',
  contact: 'contact-forms',
  newsletter: 'newsletter',
  testimonials: 'testimonials',
  uploads: 'uploads',
  history: 'history',
  throttle: 'throttle',
  system: 'system',
  mail: 'mail',
  privacy: 'privacy',
  previewLinks: 'preview-links',
  analytics: 'analytics',
  issues: 'newsletter-issues',
  proposals: 'proposals',
  media: 'media',
  exports: 'exports',
} as const;
export type StoreName = (typeof STORES)[keyof typeof STORES];

/** The name each store was opened under (a Store does not say): the parsed copies below are kept by it. */
const storeNames = new WeakMap<Store, StoreName>();

/** A site-wide store with strong consistency, so a read that follows a write sees it. */
export function openStore(name: StoreName): Store {
  let store: Store;
  try {
    store = getStore({ name, consistency: 'strong' });
  } catch (error) {
    throw new StorageError('The content store is not configured', { cause: error });
  }
  storeNames.set(store, name);
  return store;
}

/** Runs a Blobs call, turning any failure into a StorageError (answered as 503). */
export async function blobCall<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof HttpError || error instanceof StorageError) throw error;
    throw new StorageError(`The content store is unavailable (${what})`, { cause: error });
  }
}

/** What a Blobs write answers: `modified: false` only when its condition refused it. */
type WriteResult = { modified: boolean; etag?: string };

/**
 * Runs a Blobs write and checks that it landed. @netlify/blobs (up to at least 11.1.1) answers a
 * conditional write that the store refused with 401, 403 or 500 as `{ modified: true, etag: '' }`
 * (upstream #741), so "modified" alone proves nothing: a landed write always carries its new etag.
 * Returns false when the write's own condition (onlyIfNew / onlyIfMatch) was not met.
 */
export async function landedWrite(what: string, fn: () => Promise<WriteResult>): Promise<boolean> {
  return (await landedEtag(what, fn)) !== null;
}

/** landedWrite, answering the new version's etag (null when the write's own condition was not met). */
async function landedEtag(what: string, fn: () => Promise<WriteResult>): Promise<string | null> {
  const result = await blobCall(what, fn);
  if (!result.modified) return null;
  if (!result.etag)
    throw new StorageError(
      `The content store did not confirm the write (${what}); nothing was saved`,
    );
  return result.etag;
}

/** Reads and validates one JSON record; null when absent. An invalid record is a storage fault. */
export async function readJSON<S extends z.ZodType>(
  store: Store,
  key: string,
  schema: S,
): Promise<{ value: z.infer<S>; etag: string | undefined } | null> {
  const found = await blobCall(`read ${key}`, () => store.getWithMetadata(key, { type: 'json' }));
  if (!found) return null;
  const parsed = schema.safeParse(found.data);
  if (!parsed.success)
    throw new StorageError(`Stored record ${key} is not valid`, { cause: parsed.error });
  return { value: parsed.data, etag: found.etag };
}

/**
 * What a warm function instance remembers of the documents it read or wrote: the version it
 * parsed, by store and key. Bounded, oldest first out: records written one by one (messages,
 * subscriptions) would otherwise pile up in a long-lived process.
 */
const parsedCopies = new Map<string, { etag: string; value: unknown }>();
const PARSED_COPIES = 200;
const copyId = (store: Store, key: string) => {
  const name = storeNames.get(store);
  return name && `${name}/${key}`;
};
function rememberCopy(id: string | undefined, etag: string | undefined, value: unknown): void {
  if (!id || !etag) return;
  parsedCopies.delete(id);
  parsedCopies.set(id, { etag, value });
  if (parsedCopies.size > PARSED_COPIES) parsedCopies.delete(parsedCopies.keys().next().value!);
}

/** What else this instance keeps parsed from the store (see forgetParsedCopies). */
const otherCopies: (() => void)[] = [];
/** Registers the clearing of another module's parsed copies with forgetParsedCopies. */
export function forgetWithParsedCopies(clear: () => void): void {
  otherCopies.push(clear);
}
/**
 * Drops everything this instance keeps parsed, as a new (cold) function instance starts: for the
 * scale benchmark, whose functions run in its own process, to measure what a cold request reads.
 */
export function forgetParsedCopies(): void {
  parsedCopies.clear();
  for (const clear of otherCopies) clear();
}

/**
 * Reads and validates a JSON document, reusing this instance's parsed copy while the stored
 * version is unchanged: the read is conditional (If-None-Match), so an unchanged document costs
 * one round trip with no body and no parsing. The value is shared: callers must not change it.
 */
async function readParsed<S extends z.ZodType>(
  store: Store,
  key: string,
  schema: S,
): Promise<{ value: z.infer<S>; etag: string | undefined } | null> {
  const id = copyId(store, key);
  const known = id ? parsedCopies.get(id) : undefined;
  const found = await blobCall(`read ${key}`, () =>
    store.getWithMetadata(key, { type: 'json', ...(known ? { etag: known.etag } : {}) }),
  );
  if (!found) return null;
  if (known && found.data === null) return { value: known.value as z.infer<S>, etag: known.etag };
  const parsed = schema.safeParse(found.data);
  if (!parsed.success)
    throw new StorageError(`Stored record ${key} is not valid`, { cause: parsed.error });
  rememberCopy(id, found.etag, parsed.data);
  return { value: parsed.data, etag: found.etag };
}

/** The version of a document this instance last read or wrote (shared: callers must not change it). */
function knownCopy<S extends z.ZodType>(
  store: Store,
  key: string,
): { value: z.infer<S>; etag: string } | null {
  const id = copyId(store, key);
  const known = id ? parsedCopies.get(id) : undefined;
  return known ? { value: known.value as z.infer<S>, etag: known.etag } : null;
}

/** A JSON document for reading only (see readParsed): shared, so callers must not change it. */
export async function readJSONShared<S extends z.ZodType>(
  store: Store,
  key: string,
  schema: S,
): Promise<z.infer<S> | null> {
  return (await readParsed(store, key, schema))?.value ?? null;
}

/** The metadata stored with a document (updateJSON's `metadata`), without its body; null when absent. */
export async function readMetadata(
  store: Store,
  key: string,
): Promise<Record<string, unknown> | null> {
  const found = await blobCall(`read ${key} metadata`, () => store.getMetadata(key));
  return found ? found.metadata : null;
}

/**
 * Writes a new record only if the key is free; false when it already exists. `metadata` is stored
 * with it, as updateJSON's.
 */
export async function createJSON<S extends z.ZodType>(
  store: Store,
  key: string,
  schema: S,
  value: z.input<S>,
  { metadata }: { metadata?: Record<string, unknown> } = {},
): Promise<boolean> {
  const data = schema.parse(value);
  return landedWrite(`create ${key}`, () =>
    store.setJSON(key, data, { onlyIfNew: true, ...(metadata && { metadata }) }),
  );
}

/** Overwrites a record after validating it (for records owned by one writer, e.g. uploads metadata). */
export async function writeJSON<S extends z.ZodType>(
  store: Store,
  key: string,
  schema: S,
  value: z.input<S>,
): Promise<z.infer<S>> {
  const data = schema.parse(value);
  await landedWrite(`write ${key}`, () => store.setJSON(key, data));
  return data;
}

const MAX_ATTEMPTS = 60;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Read-modify-write guarded by the record's etag: `mutate` gets the current value and returns the
 * next one; the write only lands if nobody wrote in between, else it is retried on fresh data.
 * Simultaneous changes to different fields therefore all survive. Returns the written value.
 * `metadata`, when given, is stored with each version in the same write (see readMetadata): what a
 * reader needs of a large document without reading it, always in step with it.
 * `writeFirst` skips the first read: the write is tried on the version this instance last read or
 * wrote, or as a new document when it knows none, and only a refused write (or a change `mutate`
 * refuses on that version) reads. For documents this instance mostly creates or writes alone (the
 * visit tallies): one round trip instead of two, and a wrong guess costs the read it skipped, once.
 */
export async function updateJSON<S extends z.ZodType, R = z.infer<S>>(
  store: Store,
  key: string,
  schema: S,
  initial: () => z.input<S>,
  mutate: (current: z.infer<S>) => z.input<S> | Promise<z.input<S>>,
  {
    metadata,
    writeFirst = false,
  }: { metadata?: (next: z.infer<S>) => Record<string, unknown>; writeFirst?: boolean } = {},
): Promise<z.infer<S>> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const guess = writeFirst && attempt === 0;
    // A warm instance that wrote the document last reads it back as a bodiless "unchanged".
    const found = guess ? knownCopy<S>(store, key) : await readParsed(store, key, schema);
    const current = found ? found.value : schema.parse(initial());
    if (found && !found.etag) throw new StorageError(`The store sent no version tag for ${key}`);
    let next: z.infer<S>;
    try {
      next = schema.parse(await mutate(structuredClone(current)));
    } catch (error) {
      // What `mutate` refuses is decided on the stored version, never on a guessed one.
      if (guess) continue;
      throw error;
    }
    const meta = metadata && { metadata: metadata(next) };
    const etag = await landedEtag(`write ${key}`, () =>
      found?.etag
        ? store.setJSON(key, next, { onlyIfMatch: found.etag, ...meta })
        : store.setJSON(key, next, { onlyIfNew: true, ...meta }),
    );
    if (etag !== null) {
      // Its own copy: the caller gets `next` and may change it.
      rememberCopy(copyId(store, key), etag, structuredClone(next));
      return next as R as z.infer<S>;
    }
    // A guess that missed reads at once; otherwise someone else wrote first: back off with jitter
    // and try again on their result.
    if (!guess) await sleep(Math.random() * Math.min(250, 5 * 2 ** Math.min(attempt, 6)));
  }
  throw new HttpError(409, 'Too many simultaneous changes to the same record. Please try again.');
}

/**
 * A record the site keeps exactly one of under a fixed key (a team-wide settings document, the
 * release plan): read with its empty value when it was never written, and changed only through
 * updateJSON's etag-guarded loop.
 */
export function singleDocument<S extends z.ZodType>(
  store: () => Store,
  key: string,
  schema: S,
  empty: () => z.input<S>,
) {
  return {
    read: async (): Promise<z.infer<S>> =>
      (await readJSON(store(), key, schema))?.value ?? schema.parse(empty()),
    update: (
      mutate: (current: z.infer<S>) => z.input<S> | Promise<z.input<S>>,
    ): Promise<z.infer<S>> => updateJSON(store(), key, schema, empty, mutate),
  };
}

/** A field's value as text: lists (authors, topics) as JSON, everything else as it reads. */
const asText = (v: unknown) =>
  v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v ?? '');

/** 409 with the current values when a field changed since the editor loaded it. */
export function assertExpected(
  current: Record<string, unknown>,
  expected?: Record<string, unknown>,
) {
  if (!expected) return;
  const same = (a: unknown, b: unknown) =>
    (typeof a === 'object' && a !== null) || (typeof b === 'object' && b !== null)
      ? asText(a) === asText(b)
      : (a ?? '') === (b ?? '');
  const changed = Object.keys(expected).filter((k) => !same(current[k], expected[k]));
  if (changed.length) {
    throw new HttpError(
      409,
      'Someone else changed this since you started editing',
      Object.fromEntries(changed.map((k) => [k, asText(current[k])])),
    );
  }
}

/** Lists every record under a prefix, validating each; invalid ones are skipped and logged. */
export async function listJSON<S extends z.ZodType>(
  store: Store,
  schema: S,
  prefix?: string,
): Promise<z.infer<S>[]> {
  const { blobs } = await blobCall('list', () => store.list(prefix ? { prefix } : {}));
  type Item = z.infer<S>;
  const values: (Item | null)[] = await Promise.all(
    blobs.map(async ({ key }): Promise<Item | null> => {
      const raw = await blobCall(`read ${key}`, () => store.get(key, { type: 'json' }));
      if (raw === null) return null; // deleted between list and read
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        console.error(`Skipping invalid record ${key}:`, parsed.error.issues[0]?.message);
        return null;
      }
      return parsed.data as Item;
    }),
  );
  return values.filter((v) => v !== null) as Item[];
}

/** Deletes a key; succeeds when it was already gone. */
export async function deleteKey(store: Store, key: string): Promise<void> {
  await blobCall(`delete ${key}`, () => store.delete(key));
}
