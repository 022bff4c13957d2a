import type { Store } from '@netlify/blobs';
import type { z } from 'zod';
import { HttpError, StorageError } from '../../http/errors';
import { landedEtag } from './calls';
import { readJSON } from './documents';
import { copyId, knownCopy, readParsed, rememberCopy } from './parsed-copies';

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
