import { randomBytes } from 'node:crypto';

/** What a seeded subscription looks like: its address, status and topics. */
export interface SeedSubscriber {
  email: string;
  status?: 'pending' | 'confirmed' | 'unsubscribed';
  topics?: string[];
}

/**
 * Stores subscriptions directly (marker, then record, as a signup does), many at a time: a send
 * to 2,000 readers needs them in seconds, not 2,000 signups with their confirmation emails.
 */
export async function seedSubscribers(list: SeedSubscriber[], concurrency = 16): Promise<void> {
  const { subscriptionId } = await import('../../src/server/visitors/newsletter');
  const { writeMarker } = await import('../../src/server/visitors/newsletter-index');
  const { getStore } = await import('@netlify/blobs');
  const store = getStore({ name: 'newsletter', consistency: 'strong' });
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const { email, status = 'confirmed', topics } = list[next++]!;
      const now = new Date().toISOString();
      const record = {
        id: subscriptionId(email),
        email,
        createdAt: now,
        status,
        ...(status === 'confirmed'
          ? { confirmedAt: now, unsubscribeSecret: randomBytes(32).toString('base64url') }
          : { requestedAt: now }),
        ...(topics ? { topics } : {}),
      };
      await writeMarker(record);
      await store.setJSON(record.id, record);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** `n` confirmed addresses `prefix-0@example.org` … */
export const addresses = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${i}@example.org`);

/** Deletes every subscription record (their index markers then name nobody and are skipped). */
export async function clearSubscribers(): Promise<void> {
  const { getStore } = await import('@netlify/blobs');
  const store = getStore({ name: 'newsletter', consistency: 'strong' });
  const { blobs } = await store.list();
  for (const { key } of blobs) await store.delete(key);
}
