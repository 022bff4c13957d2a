// Writes a record straight into the store, as an earlier version of the site accepted it: under
// its own key with a row last in the index (the layout of publications and events), so a test can
// hold data the API would refuse today.
import { getStore } from '@netlify/blobs';
import type { z } from 'zod';
import { keyBetween } from '../../src/lib/order-key';
import { assignSlug, type Sluggable } from '../../src/lib/slug';
import { events, publications } from '../../src/server/content/collections';
import { COLLECTION_KEYS } from '../../src/server/storage/keys';
import { eventSchema } from '../../src/schemas/event';
import { publicationSchema } from '../../src/schemas/publication';

const KEYED = {
  publications: { collection: publications, schema: publicationSchema as z.ZodType },
  events: { collection: events, schema: eventSchema as z.ZodType },
};

export async function storeRecordDirectly(
  name: keyof typeof KEYED,
  raw: Record<string, unknown> & { id: string },
): Promise<void> {
  const { collection, schema } = KEYED[name];
  const content = getStore({ name: 'content', consistency: 'strong' });
  const rows = await collection.rows();
  // With the address the move to one key per record gave every record; the row is made from the
  // record as it reads today (older fields moved into place).
  const { slug, previousSlugs } = assignSlug(schema.parse(raw) as Sluggable, rows);
  const stored = { ...raw, slug, previousSlugs };
  await content.setJSON(COLLECTION_KEYS.record(name, raw.id), { rev: 1, item: stored });
  const row = collection.rowOf(
    schema.parse(stored) as never,
    keyBetween(rows.at(-1)?.orderKey ?? null, null),
    1,
  );
  await content.setJSON(COLLECTION_KEYS.index(name), { rows: [...rows, row] });
}
