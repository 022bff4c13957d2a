import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startAdminSite } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';
import { rawRequest } from '../helpers/raw-request';

let site: TestSite;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  ({ site, admin } = await startAdminSite({ users: { admin: ADMIN } }));
});
afterAll(() => site.close());

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  subject: 'research',
  message: 'I would like to collaborate on a study.',
};

describe('POST /api/contact', () => {
  it('stores a valid message, unread, and answers 201', async () => {
    const res = await client(site.url).post('/api/contact', {
      ...valid,
      message: 'A unique message for the 201 test.',
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ message: 'Message sent' });
    const list = await admin.get('/api/admin/contact-forms?pageSize=100');
    const stored = list.json.items.find(
      (m: { message: string }) => m.message === 'A unique message for the 201 test.',
    );
    expect(stored).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      subject: 'research',
      read: false,
    });
    expect(stored.id).toMatch(/^\d{13}-[0-9a-f-]{36}$/);
    expect(Date.parse(stored.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([
    ['name', { name: 'A' }, 'Name must be at least 2 characters'],
    ['name', { name: '  B  ' }, 'Name must be at least 2 characters'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['subject', { subject: '' }, 'Please select a subject'],
    ['subject', { subject: 'spam' }, 'Please select a subject'],
    ['message', { message: 'too short' }, 'Message must be at least 10 characters'],
  ])('refuses a bad %s with the spec message (%j)', async (field, change, text) => {
    const res = await client(site.url).post('/api/contact', { ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: text, fields: { [field]: text } });
  });

  it('reports every missing field at once with the spec messages', async () => {
    const res = await client(site.url).post('/api/contact', {});
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      subject: 'Please select a subject',
      message: 'Message must be at least 10 characters',
    });
  });

  it('answers 400 to malformed JSON, 415 to another content type, 413 to an oversized body', async () => {
    const bad = await client(site.url).post('/api/contact', '{"name": "Ada",');
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: 'The request body is not valid JSON' });
    const form = await rawRequest(`${site.url}/api/contact`, {
      headers: { 'Content-Type': 'text/plain' },
      body: 'hello',
    });
    expect(form.status).toBe(415);
    const huge = await rawRequest(`${site.url}/api/contact`, {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...valid, message: 'x'.repeat(200_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.json.message).toMatch(/too large/);
  });

  it('never answers 500 to odd bodies', async () => {
    for (const body of [
      'null',
      '[]',
      '"text"',
      '42',
      '{"name":5,"email":[],"subject":{},"message":null}',
      '\u0000',
    ]) {
      const res = await client(site.url).post('/api/contact', body);
      expect(res.status, body).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
  });

  it('answers 405 to GET', async () => {
    const res = await client(site.url).get('/api/contact');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('stores all of 100 simultaneous messages', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        client(site.url).post('/api/contact', { ...valid, message: `Burst message number ${i}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(201));
    const seen = new Set<string>();
    for (let page = 1; page <= 3; page++) {
      const res = await admin.get(`/api/admin/contact-forms?page=${page}&pageSize=100`);
      for (const m of res.json.items)
        if (m.message.startsWith('Burst message number ')) seen.add(m.message);
    }
    expect(seen.size).toBe(100);
  });
});
