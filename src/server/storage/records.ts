import type { Store } from '@netlify/blobs';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import { blobCall } from './store';
import type { Page } from '../../schemas/page';

/**
 * Helpers for visitor-written data kept one key per record (contact forms, subscriptions,
 * testimonials): listing, paging and reading many records without a shared document.
 */

/** Checks a record id taken from the URL; anything that could not be one of ours is a plain 404. */
export function keyParam(value: string | undefined, what: string): string {
  if (!value || !/^[\w.:-]{1,200}$/.test(value)) throw new HttpError(404, `${what} not found`);
  return value;
}

/** Every key in a store (optionally under a prefix). */
export async function listKeys(store: Store, prefix?: string): Promise<string[]> {
  const { blobs } = await blobCall('list', () => store.list(prefix ? { prefix } : {}));
  return blobs.map((b) => b.key);
}

/**
 * Reads and validates records by key, a few at a time so a long list does not open hundreds of
 * connections at once. Records deleted meanwhile are dropped; invalid ones are logged and skipped.
 */
export async function readRecords<S extends z.ZodType>(
  store: Store,
  keys: string[],
  schema: S,
  concurrency = 16,
): Promise<z.infer<S>[]> {
  const out: (z.infer<S> | null)[] = new Array(keys.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const index = next++;
      const key = keys[index]!;
      const raw = await blobCall(`read ${key}`, () => store.get(key, { type: 'json' }));
      if (raw === null) continue;
      const parsed = schema.safeParse(raw);
      if (parsed.success) out[index] = parsed.data;
      else console.error(`Skipping invalid record ${key}:`, parsed.error.issues[0]?.message);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, keys.length) }, worker));
  return out.filter((v): v is z.infer<S> => v !== null);
}

/** `?page=&pageSize=` (and an optional search `q`), with sane bounds. */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000, 'page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number from 1 to 100' })
    .int('pageSize must be a whole number from 1 to 100')
    .min(1, 'pageSize must be a whole number from 1 to 100')
    .max(100, 'pageSize must be a whole number from 1 to 100')
    .default(20),
  q: z.string().trim().max(254, 'The search is too long').default(''),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The request's query string as a plain object (last value wins). */
export const queryOf = (req: Request): Record<string, string> =>
  Object.fromEntries(new URL(req.url).searchParams);

export type { Page };

/** Slices a page out of a full list. */
export function paginate<T>(
  all: T[],
  { page, pageSize }: Pick<PageQuery, 'page' | 'pageSize'>,
): Page<T> {
  return {
    items: all.slice((page - 1) * pageSize, page * pageSize),
    total: all.length,
    page,
    pageSize,
  };
}

/** Runs `fn` over every item, at most `limit` at a time (a long list must not open hundreds of connections). */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
