import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestUser, login, startTestSite, type TestSite } from '../helpers/platform';

// Every endpoint that takes input, with the method that reads it and who may call it.
const ENDPOINTS: [method: 'POST' | 'PATCH' | 'PUT', path: string, admin: boolean][] = [
  ['POST', '/api/auth/login', false],
  ['POST', '/api/contact', false],
  ['POST', '/api/newsletter', false],
  ['POST', '/api/testimonials', false],
  ['POST', '/api/fetch-linkedin-image', false],
  ['PATCH', '/api/site-settings', true],
  ['POST', '/api/research-areas', true],
  ['PATCH', '/api/research-areas/ID', true],
  ['PUT', '/api/research-areas/order', true],
  ['POST', '/api/team-members', true],
  ['PATCH', '/api/team-members/ID', true],
  ['POST', '/api/publications', true],
  ['PATCH', '/api/publications/ID', true],
  ['POST', '/api/stats', true],
  ['PATCH', '/api/stats/ID', true],
  ['POST', '/api/events', true],
  ['PATCH', '/api/events/ID', true],
  ['PUT', '/api/events/order', true],
  ['PATCH', '/api/admin/testimonials/ID', true],
  ['PATCH', '/api/admin/contact-forms/ID', true],
];

// Payloads that break expectations: wrong types, huge strings, deep nesting, prototype keys, odd unicode.
const nasty = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'title', 'name', 'email', 'ids', '_expected', 'heroTitle', 'rating', 'startDate'), fc.jsonValue()),
  fc.string({ unit: 'grapheme', maxLength: 200 }).map((s) => ({ title: s, name: s, email: s, heroTitle: s, rating: s, startDate: s })),
  fc.integer({ min: 1, max: 30 }).map((depth) => JSON.parse('{"a":'.repeat(depth * 20) + '1' + '}'.repeat(depth * 20))),
  fc.constant({ title: 'x'.repeat(70_000) }),
  fc.constant({ ids: Array.from({ length: 50 }, (_, i) => i) }),
  fc.constant({ title: '\u0000\u2028\u2029\uD800', description: '<script>alert(1)</script>' }),
);
const rawBodies = fc.oneof(fc.string({ maxLength: 100 }), fc.constant('{"a":'), fc.constant('\uFEFF{}'), fc.constant('null'), fc.constant('[]'));

async function snapshot(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (d: string): Promise<void> => {
    for (const entry of (await readdir(d, { withFileTypes: true }).catch(() => [])).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, entry.name);
      // Throttle counters change by design on every public post.
      if (entry.name === 'throttle') continue;
      if (entry.isDirectory()) await walk(full);
      else hash.update(full).update(await readFile(full));
    }
  };
  await walk(dir);
  return hash.digest('hex');
}

let site: TestSite;
let cookie: string;
beforeAll(async () => {
  process.env.PUBLIC_POST_LIMIT = '1000000';
  site = await startTestSite({ seed: true });
  await createTestUser('fuzzer', 'fuzzer-password-123', true);
  cookie = await login(site.url, 'fuzzer', 'fuzzer-password-123');
});
afterAll(() => site.close());

describe('malformed input never causes a 5xx and never changes the store', () => {
  it.each(ENDPOINTS)('%s %s', async (method, p, admin) => {
    const ids = ['nope', '../../etc/passwd', '%00', 'a'.repeat(300)];
    const before = await snapshot(path.join(site.dataDir, 'blobs'));
    const c = client(site.url, admin ? cookie : undefined);
    await fc.assert(
      fc.asyncProperty(nasty, fc.constantFrom(...ids), async (body, id) => {
        const target = p.replace('ID', encodeURIComponent(id));
        const res = method === 'POST' ? await c.post(target, body) : method === 'PATCH' ? await c.patch(target, body) : await c.put(target, body);
        expect(res.status, `${method} ${target} ${JSON.stringify(body).slice(0, 200)} → ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.json?.message).toBe('string');
      }),
      { numRuns: 25 },
    );
    await fc.assert(
      fc.asyncProperty(rawBodies, async (raw) => {
        const res = await fetch(site.url + p.replace('ID', 'nope'), { method, headers: { 'Content-Type': 'application/json', ...(admin ? { Cookie: cookie } : {}) }, body: raw });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 10 },
    );
    expect(await snapshot(path.join(site.dataDir, 'blobs'))).toBe(before);
  });

  it('bad multipart uploads answer 4xx', async () => {
    const bodies = ['--x\r\nContent-Disposition: form-data; name="testimonial-photo"\r\n\r\n', 'not multipart at all', ''];
    for (const body of bodies) {
      for (const type of ['multipart/form-data; boundary=x', 'multipart/form-data', 'text/plain']) {
        const res = await fetch(`${site.url}/api/upload/testimonial-photo`, { method: 'POST', headers: { 'Content-Type': type }, body });
        expect(res.status, `${type} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
  });
});
