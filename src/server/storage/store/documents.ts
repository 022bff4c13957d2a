import type { Store } from '@netlify/blobs';
import type { z } from 'zod';
import { StorageError } from '../../http/errors';
import { blobCall, landedWrite } from './calls';
import { readParsed } from './parsed-copies';

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
