import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestSite, type TestSite } from '../helpers/platform';

// The platform runs in this process, so a low limit set here is what the functions read.
process.env.PUBLIC_POST_LIMIT = '3';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

const contact = (i: number) => ({
  name: 'Throttle Test',
  email: 'throttle@example.org',
  subject: 'other',
  message: `Throttle message number ${i}`,
});

describe('public post throttling', () => {
  it('lets 3 contact messages through, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++)
      expect((await client(site.url).post('/api/contact', contact(i))).status).toBe(201);
    const refused = await client(site.url).post('/api/contact', contact(4));
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      message: 'Too many submissions from your address. Please try again later.',
    });
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(500);
    expect(retry).toBeLessThanOrEqual(600);
  });

  it('does not count invalid submissions (validation comes first)', async () => {
    const bad = await client(site.url).post('/api/newsletter', { email: 'nope' });
    expect(bad.status).toBe(400);
    for (let i = 0; i < 3; i++)
      expect(
        (await client(site.url).post('/api/newsletter', { email: `t${i}@example.org` })).status,
      ).toBe(201);
    expect(
      (await client(site.url).post('/api/newsletter', { email: 't9@example.org' })).status,
    ).toBe(429);
  });

  it('limits a simultaneous burst too', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client(site.url).post('/api/testimonials', {
          name: 'Burst',
          content: `Burst testimonial ${i}`,
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 201).length;
    expect(ok).toBeGreaterThanOrEqual(1);
    // Record-then-rank keeps a burst at the limit (one extra only if two keys tie on the clock).
    expect(ok).toBeLessThanOrEqual(4);
    expect(results.filter((r) => r.status === 429)).toHaveLength(12 - ok);
  });

  it('throttles the photo upload as well', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${site.url}/api/upload/testimonial-photo`, {
        method: 'POST',
        body: new FormData(),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
    expect(statuses[3]).toBe(429);
  });
});
