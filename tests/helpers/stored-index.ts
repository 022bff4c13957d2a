import { getStore } from '@netlify/blobs';

/**
 * The index rows of a collection kept one key per record, in order, as stored: the rows of the
 * chunks its head names, or of the one document the earlier layout kept them in.
 */
export async function storedRows<Row = Record<string, unknown>>(name: string): Promise<Row[]> {
  const content = getStore({ name: 'content', consistency: 'strong' });
  const head = (await content.get(`${name}-index`, { type: 'json' })) as {
    rows?: Row[];
    chunks?: { id: string }[];
  } | null;
  if (!head) return [];
  if (head.rows) return head.rows;
  const parts = await Promise.all(
    head.chunks!.map(async (c) => {
      const chunk = (await content.get(`${name}-index-chunks/${c.id}`, { type: 'json' })) as {
        rows: Row[];
      } | null;
      if (!chunk) throw new Error(`Chunk ${c.id} of the ${name} index is named but missing`);
      return chunk.rows;
    }),
  );
  return parts.flat();
}
