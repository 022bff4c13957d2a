import type { Store } from '@netlify/blobs';
import type { z } from 'zod';
import { StorageError } from '../../http/errors';
import { blobCall } from './calls';
import { nameOfStore } from './stores';

/**
 * What a warm function instance remembers of the documents it read or wrote: the version it
 * parsed, by store and key. Bounded, oldest first out: records written one by one (messages,
 * subscriptions) would otherwise pile up in a long-lived process.
 */
const parsedCopies = new Map<string, { etag: string; value: unknown }>();
const PARSED_COPIES = 200;
export const copyId = (store: Store, key: string) => {
  const name = nameOfStore(store);
  return name && `${name}/${key}`;
};
export function rememberCopy(
  id: string | undefined,
  etag: string | undefined,
  value: unknown,
): void {
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
export async function readParsed<S extends z.ZodType>(
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
export function knownCopy<S extends z.ZodType>(
  store: Store,
  key: string,
): { value: z.infer<S>; etag: string } | null {
  const id = copyId(store, key);
  const known = id ? parsedCopies.get(id) : undefined;
  return known ? { value: known.value as z.infer<S>, etag: known.etag } : null;
}
