import { getStore } from '@netlify/blobs';

const content = () => getStore({ name: 'content', consistency: 'strong' });

interface Entry {
  id: string;
}
interface StoredHead<Row> {
  rows?: Row[];
  chunks?: Entry[];
  groups?: Entry[];
  sorted?: Record<string, Entry[]>;
}

/** A part of an index (chunk or group) a head names, which must exist. */
async function part<T>(key: string, id: string): Promise<T> {
  const found = (await content().get(`${key}-chunks/${id}`, { type: 'json' })) as T | null;
  if (!found) throw new Error(`Part ${id} of the ${key} index is named but missing`);
  return found;
}

/**
 * The ids of the chunks an index head names for one listing (its own order, or a `sorted` one by
 * name), in order, and of the groups that name them: whatever the layout.
 */
export async function namedParts(
  key: string,
  listing = '',
): Promise<{ groups: string[]; chunks: string[] }> {
  const head = (await content().get(key, { type: 'json' })) as StoredHead<unknown> | null;
  if (!head || head.rows) return { groups: [], chunks: [] };
  if (!listing && !head.groups) return { groups: [], chunks: (head.chunks ?? []).map((c) => c.id) };
  const groups = (listing ? head.sorted?.[listing] : head.groups) ?? [];
  const chunks = await Promise.all(
    groups.map(async (g) => (await part<{ chunks: Entry[] }>(key, g.id)).chunks.map((c) => c.id)),
  );
  return { groups: groups.map((g) => g.id), chunks: chunks.flat() };
}

/** Every chunk and group id an index head names, over all its listings. */
export async function allNamedParts(key: string): Promise<string[]> {
  const head = (await content().get(key, { type: 'json' })) as StoredHead<unknown> | null;
  const ids: string[] = [];
  for (const listing of ['', ...Object.keys(head?.sorted ?? {})]) {
    const { groups, chunks } = await namedParts(key, listing);
    ids.push(...groups, ...chunks);
  }
  return ids;
}

/**
 * The index rows of a collection kept one key per record, in order, as stored: the rows of the
 * chunks its head names, or of the one document the earlier layout kept them in. `listing` names
 * a listing in another order (storage/ordered-index/ `sorted`).
 */
export async function storedRows<Row = Record<string, unknown>>(
  name: string,
  listing = '',
): Promise<Row[]> {
  const key = `${name}-index`;
  const head = (await content().get(key, { type: 'json' })) as StoredHead<Row> | null;
  if (!head) return [];
  if (head.rows) return head.rows;
  const { chunks } = await namedParts(key, listing);
  const parts = await Promise.all(
    chunks.map(async (id) => (await part<{ rows: Row[] }>(key, id)).rows),
  );
  return parts.flat();
}
