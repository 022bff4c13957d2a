import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS, SETTINGS_TEXT_KEYS } from '../../src/schemas/site-settings';
import { startAdminSite } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';

// Every endpoint that takes input, with the method that reads it and who may call it.
const ENDPOINTS: [method: 'POST' | 'PATCH' | 'PUT', path: string, admin: boolean][] = [
  ['POST', '/api/auth/login', false],
  ['POST', '/api/contact', false],
  ['POST', '/api/newsletter', false],
  ['POST', '/api/hit', false],
  ['POST', '/api/hit/file', false],
  ['POST', '/api/newsletter/confirm', false],
  ['POST', '/api/newsletter/unsubscribe', false],
  ['POST', '/api/newsletter/unsubscribe-link', false],
  ['POST', '/api/newsletter/preferences', false],
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
  ['POST', '/api/admin/users', true],
  ['PATCH', '/api/admin/users/ID', true],
  ['PUT', '/api/admin/auth-policy', true],
  ['POST', '/api/account/password', true],
  ['POST', '/api/account/two-factor/confirm', true],
  ['PUT', '/api/account/notifications', true],
  ['PUT', '/api/admin/notifications', true],
  ['POST', '/api/auth/invitations/ID/accept', false],
  ['POST', '/api/auth/forgot-password', false],
  ['POST', '/api/auth/verify-email', false],
  ['POST', '/api/account/email', true],
  ['POST', '/api/admin/pdf-uploads', true],
  ['POST', '/api/admin/data-uploads', true],
  ['POST', '/api/admin/releases', true],
  ['PATCH', '/api/admin/releases/ID', true],
  ['POST', '/api/admin/exports', true],
];

// Payloads that break expectations: wrong types, huge strings, deep nesting, prototype keys, odd unicode.
const nasty = fc.oneof(
  fc.jsonValue(),
  // A string heroTitle is a valid settings change ('' puts the built-in wording back), not malformed
  // input: the property drew {"heroTitle":""} once and the save rightly landed.
  fc
    .dictionary(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'title',
        'name',
        'email',
        'ids',
        '_expected',
        'heroTitle',
        'rating',
        'startDate',
      ),
      fc.jsonValue(),
    )
    .filter((d) => typeof d.heroTitle !== 'string'),
  fc
    .string({ unit: 'grapheme', maxLength: 200 })
    .map((s) => ({ title: s, name: s, email: s, heroTitle: s, rating: s, startDate: s })),
  fc
    .integer({ min: 1, max: 30 })
    .map((depth) => JSON.parse('{"a":'.repeat(depth * 20) + '1' + '}'.repeat(depth * 20))),
  fc.constant({ title: 'x'.repeat(70_000) }),
  fc.constant({ ids: Array.from({ length: 50 }, (_, i) => i) }),
  fc.constant({ title: '\u0000\u2028\u2029\uD800', description: '<script>alert(1)</script>' }),
);
const rawBodies = fc.oneof(
  fc.string({ maxLength: 100 }),
  fc.constant('{"a":'),
  fc.constant('\uFEFF{}'),
  fc.constant('null'),
  fc.constant('[]'),
);

async function snapshot(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (d: string): Promise<void> => {
    for (const entry of (await readdir(d, { withFileTypes: true }).catch(() => [])).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(d, entry.name);
      // Throttle counters change by design on every public post.
      // (The local Blobs server names a store's folder `site:<name>`.)
      if (entry.name === 'throttle' || entry.name.endsWith(':throttle')) continue;
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
  ({
    site,
    admin: { cookie },
  } = await startAdminSite({
    seed: true,
    users: { admin: { username: 'fuzzer', password: 'fuzzer-password-123' } },
  }));
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
        const res =
          method === 'POST'
            ? await c.post(target, body)
            : method === 'PATCH'
              ? await c.patch(target, body)
              : await c.put(target, body);
        expect(
          res.status,
          `${method} ${target} ${JSON.stringify(body).slice(0, 200)} → ${res.text.slice(0, 200)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.json?.message).toBe('string');
      }),
      { numRuns: 25 },
    );
    await fc.assert(
      fc.asyncProperty(rawBodies, async (raw) => {
        const res = await fetch(site.url + p.replace('ID', 'nope'), {
          method,
          headers: { 'Content-Type': 'application/json', ...(admin ? { Cookie: cookie } : {}) },
          body: raw,
        });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 10 },
    );
    expect(await snapshot(path.join(site.dataDir, 'blobs'))).toBe(before);
  });

  it('bad multipart uploads answer 4xx', async () => {
    const bodies = [
      '--x\r\nContent-Disposition: form-data; name="testimonial-photo"\r\n\r\n',
      'not multipart at all',
      '',
    ];
    for (const body of bodies) {
      for (const type of ['multipart/form-data; boundary=x', 'multipart/form-data', 'text/plain']) {
        const res = await fetch(`${site.url}/api/upload/testimonial-photo`, {
          method: 'POST',
          headers: { 'Content-Type': type },
          body,
        });
        expect(res.status, `${type} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
  });
});

// Characters no text field may hold: NUL, other C0 controls, DEL, and unpaired surrogates.
const BAD_CHARS = ['\u0000', '\u0007', '\u001b', '\u007f', '\ud800', '\udfff'];
const tainted = (value: string, bad: string) =>
  value.includes('@')
    ? value.replace('@', `${bad}@`)
    : `${value.slice(0, 1)}${bad}${value.slice(1)}`;

// A valid body for every endpoint that takes text, so the bad character is the only fault.
const COLLECTIONS = ['research-areas', 'team-members', 'publications', 'stats', 'events'];
const strip = ({ id: _id, createdAt: _c, updatedAt: _u, ...rest }: Record<string, unknown>) => rest;

describe('control characters and lone surrogates are refused at every text field', () => {
  it('answers 4xx with a readable message, never 5xx, and stores nothing', async () => {
    const admin = client(site.url, cookie);
    const visitor = client(site.url);
    const cases: {
      method: 'POST' | 'PATCH';
      path: string;
      body: Record<string, unknown>;
      c: typeof admin;
    }[] = [
      {
        method: 'POST',
        path: '/api/auth/login',
        body: { username: 'fuzzer', password: 'fuzzer-password-123' },
        c: visitor,
      },
      {
        method: 'POST',
        path: '/api/contact',
        body: {
          name: 'Ada Lovelace',
          email: 'ada@example.org',
          subject: 'other',
          message: 'A perfectly ordinary message.',
        },
        c: visitor,
      },
      {
        method: 'POST',
        path: '/api/newsletter',
        body: { email: 'reader@example.org' },
        c: visitor,
      },
      {
        method: 'POST',
        path: '/api/testimonials',
        body: {
          name: 'Grace Hopper',
          position: 'Engineer',
          company: 'Navy',
          content: 'An ordinary testimonial text.',
          rating: 5,
        },
        c: visitor,
      },
      {
        method: 'POST',
        path: '/api/fetch-linkedin-image',
        body: { url: 'https://www.linkedin.com/in/someone' },
        c: visitor,
      },
      {
        method: 'PATCH',
        path: '/api/site-settings',
        body: Object.fromEntries(
          SETTINGS_TEXT_KEYS.map((k) => [
            k,
            k.endsWith('Email')
              ? 'team@example.org'
              : k.endsWith('MailBody') // keeps the placeholders the email needs
                ? SETTINGS_DEFAULTS[k]
                : k.endsWith('Link') || k.endsWith('Image') || k.endsWith('Thumbnail')
                  ? '/page'
                  : k.endsWith('Url') ||
                      k.startsWith('founderLinkedin') ||
                      k.startsWith('founderTwitter')
                    ? 'https://example.org/x'
                    : 'Plain words',
          ]),
        ),
        c: admin,
      },
    ];
    // Team access: a real pending invitation, so only the bad character can refuse it.
    const invited = await admin.post('/api/admin/users', {
      username: 'fuzz-invitee',
      role: 'editor',
    });
    expect(invited.status).toBe(201);
    const token = (invited.json.invitePath as string).split('#')[1];
    cases.push(
      {
        method: 'POST',
        path: '/api/admin/users',
        body: { username: 'another-invitee', role: 'editor', email: 'invitee@example.org' },
        c: admin,
      },
      { method: 'PATCH', path: '/api/admin/users/fuzz-invitee', body: { role: 'admin' }, c: admin },
      {
        method: 'POST',
        path: '/api/account/password',
        body: { currentPassword: 'fuzzer-password-123', newPassword: 'a-new-password-456' },
        c: admin,
      },
      {
        method: 'POST',
        path: '/api/account/two-factor/confirm',
        body: { code: '123456' },
        c: admin,
      },
      {
        method: 'POST',
        path: `/api/auth/invitations/${token}/accept`,
        body: { password: 'invitee-password-789' },
        c: visitor,
      },
      {
        method: 'POST',
        path: '/api/account/email',
        body: { email: 'fuzzer@example.org' },
        c: admin,
      },
      { method: 'POST', path: '/api/auth/forgot-password', body: { login: 'fuzzer' }, c: visitor },
    );
    for (const name of COLLECTIONS) {
      const listed = (await admin.get(`/api/${name}`)).json;
      const record = (Array.isArray(listed) ? listed : listed.items)[0] as Record<string, unknown>;
      expect(record, name).toBeTruthy();
      cases.push({ method: 'POST', path: `/api/${name}`, body: strip(record), c: admin });
      cases.push({
        method: 'PATCH',
        path: `/api/${name}/${record.id}`,
        body: strip(record),
        c: admin,
      });
    }
    const before = await snapshot(path.join(site.dataDir, 'blobs'));
    let sent = 0;
    for (const { method, path: p, body, c } of cases) {
      for (const [field, value] of Object.entries(body)) {
        if (typeof value !== 'string' || value === '') continue;
        for (const bad of BAD_CHARS) {
          // PATCH sends the one field, POST the whole valid body with that field tainted.
          const payload =
            method === 'PATCH'
              ? { [field]: tainted(value, bad) }
              : { ...body, [field]: tainted(value, bad) };
          const res = method === 'POST' ? await c.post(p, payload) : await c.patch(p, payload);
          const what = `${method} ${p} ${field}=${JSON.stringify(payload[field])} → ${res.status} ${res.text.slice(0, 200)}`;
          expect(res.status, what).toBeGreaterThanOrEqual(400);
          expect(res.status, what).toBeLessThan(500);
          expect(res.json?.message, what).toMatch(/^[\x20-\x7e\u2026]+$/);
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(400);
    expect(await snapshot(path.join(site.dataDir, 'blobs'))).toBe(before);
  }, 240_000);
});
