import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndConfirm } from '../helpers/mail';
import { startAdminSite } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';
import { advanceClock, restoreClock } from '../helpers/clock';
import { exportCsv } from '../helpers/exports';

let site: TestSite;
let admin: ReturnType<typeof client>;
let viewer: ReturnType<typeof client>;
beforeAll(async () => {
  ({ site, admin, viewer } = await startAdminSite());
  // Sequential, so "newest first" has a definite answer.
  for (let i = 1; i <= 5; i++) {
    const res = await client(site.url).post('/api/contact', {
      name: `Sender ${i}`,
      email: `sender${i}@example.org`,
      subject: 'media',
      message: `Message body number ${i}`,
    });
    expect(res.status).toBe(201);
    advanceClock(3);
  }
  await client(site.url).post('/api/contact', {
    name: '=HYPERLINK("http://evil.example","x")',
    email: 'csv@example.org',
    subject: 'other',
    message: '+cmd|"/c calc"!A1 and more text',
  });
  // Confirmed in the order they signed up, so "newest first" has a definite answer.
  for (const email of [
    'alpha@example.org',
    'beta@example.org',
    'gamma@other.net',
    '-dash@example.org',
  ]) {
    await signUpAndConfirm(site, email);
    advanceClock(3);
  }
  await restoreClock();
});
afterAll(() => site.close());

const parseCsv = (text: string) =>
  Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  }).data;

describe('admin endpoints need an admin', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/contact-forms'],
    ['POST', '/api/admin/exports', { kind: 'messages' }],
    ['GET', '/api/admin/exports/some-id'],
    ['GET', '/api/admin/exports/some-id/parts/1'],
    ['GET', '/api/admin/contact-forms/some-id'],
    ['PATCH', '/api/admin/contact-forms/some-id', { read: true }],
    ['DELETE', '/api/admin/contact-forms/some-id'],
    ['GET', '/api/admin/subscriptions'],
    ['DELETE', '/api/admin/subscriptions/some-id'],
  ];
  it.each(calls)('%s %s: 401 signed out, 403 for a non-admin', async (method, path, body) => {
    const send = (c: ReturnType<typeof client>) =>
      method === 'GET'
        ? c.get(path)
        : method === 'DELETE'
          ? c.delete(path)
          : method === 'POST'
            ? c.post(path, body)
            : c.patch(path, body);
    const anon = await send(client(site.url));
    expect(anon.status).toBe(401);
    expect(anon.json).toEqual({ message: 'Please sign in to continue' });
    const forbidden = await send(viewer);
    expect(forbidden.status).toBe(403);
    expect(forbidden.json).toEqual({ message: 'You do not have permission to do this' });
  });
});

describe('contact form inbox', () => {
  it('pages newest first with the total', async () => {
    const first = await admin.get('/api/admin/contact-forms?page=1&pageSize=2');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ total: 6, page: 1, pageSize: 2 });
    expect(first.json.items.map((m: { email: string }) => m.email)).toEqual([
      'csv@example.org',
      'sender5@example.org',
    ]);
    const third = await admin.get('/api/admin/contact-forms?page=3&pageSize=2');
    expect(third.json.items.map((m: { email: string }) => m.email)).toEqual([
      'sender2@example.org',
      'sender1@example.org',
    ]);
    expect((await admin.get('/api/admin/contact-forms?page=9')).json.items).toEqual([]);
    expect((await admin.get('/api/admin/contact-forms')).json.pageSize).toBe(20);
  });

  it.each(['page=0', 'page=abc', 'pageSize=1000', 'pageSize=-1', 'page=1.5'])(
    'answers 400 to ?%s',
    async (query) => {
      const res = await admin.get(`/api/admin/contact-forms?${query}`);
      expect(res.status).toBe(400);
      expect(typeof res.json.message).toBe('string');
    },
  );

  it('reads one message, marks it read and unread, and records the change', async () => {
    const [latest] = (await admin.get('/api/admin/contact-forms?pageSize=1')).json.items;
    const one = await admin.get(`/api/admin/contact-forms/${latest.id}`);
    expect(one.json).toEqual(latest);
    const read = await admin.patch(`/api/admin/contact-forms/${latest.id}`, { read: true });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: latest.id, read: true, message: latest.message });
    expect((await admin.get(`/api/admin/contact-forms/${latest.id}`)).json.read).toBe(true);
    expect(
      (await admin.patch(`/api/admin/contact-forms/${latest.id}`, { read: false })).json.read,
    ).toBe(false);
    const { listHistory } = await import('../../src/server/publishing/history');
    const entries = (await listHistory(20)).filter(
      (e) => e.target === `contact-forms/${latest.id}`,
    );
    expect(entries.map((e) => e.summary)).toEqual([
      `Marked unread: ${latest.name}`,
      `Marked read: ${latest.name}`,
    ]);
  });

  it('refuses bad read changes and unknown ids', async () => {
    const [latest] = (await admin.get('/api/admin/contact-forms?pageSize=1')).json.items;
    for (const body of [{ read: 'yes' }, {}, { read: true, name: 'x' }, '{"read":']) {
      expect(
        (await admin.patch(`/api/admin/contact-forms/${latest.id}`, body)).status,
        JSON.stringify(body),
      ).toBe(400);
    }
    const id = `0000000000000-${crypto.randomUUID()}`;
    const missing = await admin.get(`/api/admin/contact-forms/${id}`);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'Message not found' });
    expect((await admin.patch(`/api/admin/contact-forms/${id}`, { read: true })).status).toBe(404);
    expect((await admin.delete(`/api/admin/contact-forms/${id}`)).status).toBe(404);
    expect((await admin.get('/api/admin/contact-forms/..%2F..%2Fusers%2Fadmin')).status).toBe(404);
  });

  it('exports CSV, formula-safe', async () => {
    const { job, csv } = await exportCsv(site, admin, { kind: 'messages' });
    expect(job.filename).toMatch(/^contact-forms-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(6);
    expect(Object.keys(rows[0]!)).toEqual([
      'createdAt',
      'name',
      'email',
      'subject',
      'message',
      'read',
      'id',
    ]);
    const evil = rows.find((r) => r.email === 'csv@example.org')!;
    expect(evil.name).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(evil.message).toBe(`'+cmd|"/c calc"!A1 and more text`);
    expect(rows.find((r) => r.email === 'sender3@example.org')).toMatchObject({
      name: 'Sender 3',
      message: 'Message body number 3',
      read: 'false',
    });
  });

  it('deletes a message and records it', async () => {
    const target = (await admin.get('/api/admin/contact-forms?pageSize=100')).json.items.find(
      (m: { email: string }) => m.email === 'sender1@example.org',
    );
    const res = await admin.delete(`/api/admin/contact-forms/${target.id}`);
    expect(res.status).toBe(200);
    expect((await admin.get(`/api/admin/contact-forms/${target.id}`)).status).toBe(404);
    expect((await admin.get('/api/admin/contact-forms')).json.total).toBe(5);
    const { listHistory } = await import('../../src/server/publishing/history');
    expect(
      (await listHistory(5)).find((e) => e.target === `contact-forms/${target.id}`),
    ).toMatchObject({ action: 'delete', user: 'admin', summary: 'Sender 1 <sender1@example.org>' });
  });
});

describe('newsletter subscriptions admin', () => {
  it('lists newest first, searches by substring, pages', async () => {
    const all = await admin.get('/api/admin/subscriptions');
    expect(all.status).toBe(200);
    expect(all.json.total).toBe(4);
    expect(all.json.items.map((s: { email: string }) => s.email)).toEqual([
      '-dash@example.org',
      'gamma@other.net',
      'beta@example.org',
      'alpha@example.org',
    ]);
    const search = await admin.get('/api/admin/subscriptions?q=EXAMPLE.org&pageSize=2&page=2');
    expect(search.json).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(search.json.items.map((s: { email: string }) => s.email)).toEqual(['alpha@example.org']);
    expect((await admin.get('/api/admin/subscriptions?q=nobody')).json).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await admin.get('/api/admin/subscriptions?pageSize=0')).status).toBe(400);
  });

  it('exports CSV, formula-safe', async () => {
    const { job, csv } = await exportCsv(site, admin, { kind: 'subscribers' });
    expect(job.filename).toMatch(/^newsletter-subscriptions-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(csv);
    expect(rows.map((r) => r.email).sort()).toEqual([
      "'-dash@example.org",
      'alpha@example.org',
      'beta@example.org',
      'gamma@other.net',
    ]);
  });

  it('deletes by id (recorded), 404 for an unknown id, and the address can subscribe again', async () => {
    const beta = (await admin.get('/api/admin/subscriptions?q=beta')).json.items[0];
    expect(beta.id).toMatch(/^[a-f0-9]{64}$/);
    expect((await admin.delete(`/api/admin/subscriptions/${beta.id}`)).status).toBe(200);
    expect((await admin.get('/api/admin/subscriptions?q=beta')).json.total).toBe(0);
    const again = await admin.delete(`/api/admin/subscriptions/${beta.id}`);
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ message: 'Subscription not found' });
    const { listHistory } = await import('../../src/server/publishing/history');
    expect(
      (await listHistory(5)).find((e) => e.target === `subscriptions/${beta.id}`),
    ).toMatchObject({ action: 'delete', summary: 'beta@example.org' });
    expect(
      (await client(site.url).post('/api/newsletter', { email: 'Beta@Example.org' })).status,
    ).toBe(201);
  });
});
