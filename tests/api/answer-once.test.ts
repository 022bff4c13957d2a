import { randomUUID } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { useAdminSite } from '../helpers/admin-site';
import { countBlobCalls, holdFirstCall } from '../helpers/blobs-counter';

// The browser retries a mutation once when it failed without a status (the spec's rule), with the
// same Idempotency-Key: a request that landed and lost only its answer must not be done twice.
const t = useAdminSite();

const once = (key = randomUUID()) => ({ 'Idempotency-Key': key });
/** The inbox's messages that say `text`. */
const inbox = async (text: string) =>
  (await t.admin.get('/api/admin/contact-forms?page=1&pageSize=100')).json.items.filter(
    (m: { message: string }) => m.message === `${text}: its answer was lost on the way.`,
  );
const message = (text: string) => ({
  name: 'Ana Lima',
  email: 'ana@example.org',
  subject: 'other',
  message: `${text}: its answer was lost on the way.`,
});

describe('a POST repeated with its Idempotency-Key', () => {
  it('is answered as the first was, and done once', async () => {
    const key = once();
    const first = await t.anon.post('/api/contact', message('Sent twice'), key);
    const again = await t.anon.post('/api/contact', message('Sent twice'), key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await inbox('Sent twice')).toHaveLength(1);
    // Another key is another message.
    expect((await t.anon.post('/api/contact', message('Sent twice'), once())).status).toBe(201);
    expect(await inbox('Sent twice')).toHaveLength(2);
  });

  it('makes one record, whose id both answers give', async () => {
    const key = once();
    const body = { title: 'Once Only', description: 'Created by a request and its retry.' };
    const first = await t.admin.post('/api/publications', body, key);
    const again = await t.admin.post('/api/publications', body, key);
    expect(first.status, first.text).toBe(201);
    expect(again.json.id).toBe(first.json.id);
    const listed = (await t.admin.get('/api/publications/all?q=Once%20Only')).json.items;
    expect(listed).toHaveLength(1);
  });

  it('that comes while the first still runs waits for its answer', async () => {
    const hold = holdFirstCall((call) => /^PUT .*:contact-forms\//.test(call));
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const key = once();
      const first = t.anon.post('/api/contact', message('Retried early'), key);
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      const again = t.anon.post('/api/contact', message('Retried early'), key);
      // The repeat is waiting, not running: the first is still held.
      await new Promise((resolve) => setTimeout(resolve, 300));
      hold.release();
      const [a, b] = await Promise.all([first, again]);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(b.json).toEqual(a.json);
    } finally {
      hold.release();
      await blobs.close();
    }
    expect(await inbox('Retried early')).toHaveLength(1);
  });

  it('keeps no answer that refused: the repeat runs again', async () => {
    const key = once();
    const refused = await t.anon.post('/api/contact', { ...message('Fixed'), email: 'no' }, key);
    expect(refused.status).toBe(400);
    const fixed = await t.anon.post('/api/contact', message('Fixed'), key);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    expect(await inbox('Fixed')).toHaveLength(1);
  });

  it('gives a preview link’s address again, which the store holds only encrypted', async () => {
    const draft = await t.admin.post('/api/publications', {
      title: 'Linked Once',
      description: 'A draft shared by a link.',
      status: 'draft',
    });
    const key = once();
    const body = { kind: 'publication', id: draft.json.id };
    const first = await t.admin.post('/api/admin/preview-links', body, key);
    const again = await t.admin.post('/api/admin/preview-links', body, key);
    expect(first.status, first.text).toBe(201);
    expect(again.json.url).toBe(first.json.url);
    const links = (await t.admin.get(`/api/admin/preview-links?id=${draft.json.id}`)).json;
    expect(links).toHaveLength(1);
    const token = new URL(first.json.url).pathname.split('/').pop()!;
    const answers = getStore({ name: 'request-answers', consistency: 'strong' });
    const { blobs } = await answers.list();
    expect(blobs.length).toBeGreaterThan(0);
    for (const { key: stored } of blobs)
      expect(await answers.get(stored, { type: 'text' })).not.toContain(token);
  });

  it('gives an invitation’s one-time link again, and the account is made once', async () => {
    const key = once();
    const body = { username: 'invited-once', role: 'editor' };
    const first = await t.admin.post('/api/admin/users', body, key);
    const again = await t.admin.post('/api/admin/users', body, key);
    expect(first.status, first.text).toBe(201);
    expect(again.status, again.text).toBe(201);
    expect(again.json.invitePath).toBe(first.json.invitePath);
    const { users } = (await t.admin.get('/api/admin/users')).json as {
      users: { username: string }[];
    };
    expect(users.filter((u) => u.username === 'invited-once')).toHaveLength(1);
  });

  it('from nobody, to a route for signed-in users, is a 401 that writes nothing', async () => {
    const blobs = await countBlobCalls();
    try {
      const { result, calls } = await blobs.during(() =>
        t.anon.post('/api/publications', { title: 'Nobody’s' }, once()),
      );
      expect(result.status).toBe(401);
      expect(calls.filter((c) => c.includes('request-answers'))).toEqual([]);
    } finally {
      await blobs.close();
    }
  });

  it('refuses a malformed key with 400 and does nothing', async () => {
    const res = await t.anon.post('/api/contact', message('Bad key'), { 'Idempotency-Key': 'x' });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/Idempotency-Key/);
    expect(await inbox('Bad key')).toHaveLength(0);
  });

  it('is forgotten after an hour by the hourly sweep', async () => {
    const key = once();
    await t.anon.post('/api/contact', message('Swept'), key);
    const { sweepAnswers, ANSWER_KEPT_MS } = await import('../../src/server/workflows/answer-once');
    expect(await sweepAnswers()).toBe(0);
    expect(await sweepAnswers(Date.now() + ANSWER_KEPT_MS + 1000)).toBeGreaterThan(0);
    const again = await t.anon.post('/api/contact', message('Swept'), key);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });
});
