import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestSite, type TestSite } from '../helpers/platform';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

async function storedSubscriptions() {
  const { openStore, STORES, listJSON } = await import('../../src/server/storage/store');
  const { newsletterSubscriptionSchema } =
    await import('../../src/schemas/newsletter-subscription');
  return listJSON(openStore(STORES.newsletter), newsletterSubscriptionSchema);
}

describe('POST /api/newsletter', () => {
  it('subscribes a new address, then answers a repeat the same way without a second record', async () => {
    const first = await client(site.url).post('/api/newsletter', { email: 'reader@example.org' });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ message: 'Check your inbox to confirm your subscription' });
    for (const variant of ['reader@example.org', '  READER@Example.ORG ', 'Reader@example.org']) {
      const again = await client(site.url).post('/api/newsletter', { email: variant });
      // Identical to a new signup: the answer must not reveal who is subscribed.
      expect(again.status).toBe(201);
      expect(again.json).toEqual({ message: 'Check your inbox to confirm your subscription' });
    }
    const mine = (await storedSubscriptions()).filter((s) => s.email === 'reader@example.org');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.id).toMatch(/^[a-f0-9]{64}$/);
  });

  it('stores the address normalised (trimmed, lower-cased)', async () => {
    expect(
      (await client(site.url).post('/api/newsletter', { email: '  Mixed.Case@Example.COM ' }))
        .status,
    ).toBe(201);
    expect((await storedSubscriptions()).some((s) => s.email === 'mixed.case@example.com')).toBe(
      true,
    );
  });

  it.each([{ email: 'nope' }, { email: '' }, {}, { email: 42 }, { email: 'a@b' }])(
    'refuses %j with the validation message',
    async (body) => {
      const res = await client(site.url).post('/api/newsletter', body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        message: 'Please enter a valid email address',
        fields: { email: 'Please enter a valid email address' },
      });
    },
  );

  it('answers 400 to malformed JSON and never 500 to odd bodies', async () => {
    for (const body of ['{"email":', 'null', '[]', '"x"']) {
      const res = await client(site.url).post('/api/newsletter', body);
      expect(res.status, body).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
  });

  it('200 simultaneous signups holding 50 duplicates (case and space variants) leave exactly 150 subscriptions', async () => {
    const before = (await storedSubscriptions()).length;
    const unique = Array.from({ length: 150 }, (_, i) => `burst${i}@example.net`);
    const variants = (e: string, i: number) =>
      [e.toUpperCase(), `  ${e}  `, e.replace('burst', 'Burst'), e][i % 4]!;
    const dupes = Array.from({ length: 50 }, (_, i) => variants(unique[i * 3]!, i));
    // Interleave so duplicates race their originals.
    const all = unique.flatMap((e, i) => (i % 3 === 0 ? [e, dupes[i / 3]!] : [e]));
    expect(all).toHaveLength(200);
    const results = await Promise.all(
      all.map((email) => client(site.url).post('/api/newsletter', { email })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(200);
    const after = await storedSubscriptions();
    expect(after.length - before).toBe(150);
    const burst = after.filter((s) => s.email.startsWith('burst'));
    expect(new Set(burst.map((s) => s.email)).size).toBe(150);
  });
});
