import fc from 'fast-check';
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactFormSchema, type ContactForm } from '../../src/schemas/contact-message';
import { countBlobCalls } from '../helpers/blobs-counter';
import { startAdminSite, type Client } from '../helpers/admin-site';
import type { TestSite } from '../helpers/platform';
import { exportCsv } from '../helpers/exports';

// The inbox index (snapshot + day-keyed messages) must agree with the stored messages, cost what a
// page shows, and read stores the first layout wrote (one message per `<id>` key).
let site: TestSite;
let api: typeof import('../../src/server/visitors/contact-forms');
let keys: typeof import('../../src/server/storage/keys');
let admin: Client;
beforeAll(async () => {
  ({ site, admin } = await startAdminSite({
    users: { admin: { username: 'inboxadmin', password: 'correct horse battery' } },
  }));
  api = await import('../../src/server/visitors/contact-forms');
  keys = await import('../../src/server/storage/keys');
});
afterAll(() => site.close());

const contact = () => getStore({ name: 'contact-forms', consistency: 'strong' });
const system = () => getStore({ name: 'system', consistency: 'strong' });
beforeEach(async () => {
  for (const { key } of (await contact().list()).blobs) await contact().delete(key);
  await system().delete('contact-snapshot');
});

const DAY = 86_400_000;
const message = (n: number) => ({
  name: `Sender ${n}`,
  email: `s${n}@example.org`,
  subject: 'media' as const,
  message: `Message body number ${n}`,
});
/** A message as the current layout stores it, made `age` days ago. */
async function storeMessage(n: number, age: number, offset = 0): Promise<ContactForm> {
  const at = Date.now() - age * DAY - offset;
  const id = keys.newestFirstKey(at);
  const record = contactFormSchema.parse({
    ...message(n),
    id,
    createdAt: new Date(at).toISOString(),
    read: false,
  });
  await contact().setJSON(`m/${record.createdAt.slice(0, 10)}/${id}`, record);
  return record;
}
const names = (items: { name: string }[]) => items.map((m) => m.name);

describe('inbox index', () => {
  it('reads messages the first layout wrote, with their read flags, beside new ones', async () => {
    const old = (n: number, read: boolean, id: string) => ({
      ...message(n),
      id,
      createdAt: new Date(Date.now() - (10 - n) * DAY).toISOString(),
      read,
    });
    await contact().setJSON('legacy-a', old(1, true, 'legacy-a'));
    await contact().setJSON('legacy-b', old(2, false, 'legacy-b'));
    expect((await admin.post('/api/contact', message(3))).status).toBe(201);
    const page = await admin.get('/api/admin/contact-forms');
    expect(names(page.json.items)).toEqual(['Sender 3', 'Sender 2', 'Sender 1']);
    expect(page.json.items.map((m: ContactForm) => m.read)).toEqual([false, false, true]);
    expect((await admin.get('/api/admin/summary')).json.unreadMessages).toBe(2);
    expect((await admin.patch('/api/admin/contact-forms/legacy-b', { read: true })).json.read).toBe(
      true,
    );
    expect((await admin.get('/api/admin/contact-forms/legacy-b')).json).toMatchObject({
      name: 'Sender 2',
      read: true,
    });
    expect((await admin.delete('/api/admin/contact-forms/legacy-a')).status).toBe(200);
    expect(await contact().get('legacy-a')).toBeNull();
    const after = await admin.get('/api/admin/contact-forms');
    expect(names(after.json.items)).toEqual(['Sender 3', 'Sender 2']);
    expect((await admin.get('/api/admin/summary')).json.unreadMessages).toBe(1);
  });

  it('a page and the unread count read the same few blobs whether 30 or 300 older messages are stored', async () => {
    const costs = async () => {
      await admin.get('/api/admin/contact-forms'); // folds once
      const counter = await countBlobCalls();
      try {
        expect((await admin.get('/api/admin/contact-forms?pageSize=20')).status).toBe(200);
        const page = counter.calls.filter(
          (c) => c.includes('contact') || c.includes('system'),
        ).length;
        counter.reset();
        expect((await admin.get('/api/admin/summary')).status).toBe(200);
        const summary = counter.calls.filter((c) => c.includes('contact')).length;
        return { page, summary };
      } finally {
        await counter.close();
      }
    };
    for (let i = 0; i < 30; i++) await storeMessage(i, 2 + (i % 5), i);
    const small = await costs();
    // Older messages appear only from a scan (visitors write today): start the index again.
    for (let i = 30; i < 300; i++) await storeMessage(i, 2 + (i % 5), i);
    await system().delete('contact-snapshot');
    const large = await costs();
    expect((await admin.get('/api/admin/contact-forms')).json.total).toBe(300);
    expect(large).toEqual(small);
    // The snapshot, a day listing, one listing per tail day and the 20 messages shown.
    expect(large.page).toBeLessThanOrEqual(25);
  });

  it('a spam wave is folded once: the next page lists one page of keys and reads no message (the index holds them)', async () => {
    // More than one listing page (1,000 keys) of today's messages, from a few minutes ago (a wave
    // in the last minutes is re-listed until it is older than the index's grace period).
    for (let i = 0; i < 1_100; i += 100)
      await Promise.all(
        Array.from({ length: 100 }, (_, j) => storeMessage(i + j, 0, 10 * 60_000 + i + j)),
      );
    await api.createContactForm(message(9999));
    // The first page leaves the index's watermark a moment after this.
    const watermark = Date.now();
    const first = await admin.get('/api/admin/contact-forms?pageSize=10');
    expect(first.json.total).toBe(1_101);
    const counter = await countBlobCalls();
    try {
      const again = await admin.get('/api/admin/contact-forms?pageSize=10');
      expect(names(again.json.items)).toEqual(names(first.json.items));
      expect(again.json.items[0]).toMatchObject({ ...message(9999), read: false });
      const contactCalls = counter.calls.filter((c) => c.includes('contact-forms'));
      expect(
        contactCalls.filter((c) => c.includes('contact-forms/m/')),
        counter.calls.join('\n'),
      ).toHaveLength(0);
      // The day listing plus, for each day from the watermark less the index's five minutes of
      // grace to today, the first page of its keys, cut short at the watermark: one day, or two
      // in the first minutes after midnight (UTC).
      const days = new Set(
        [watermark - 5 * 60_000, Date.now()].map((t) => new Date(t).toISOString().slice(0, 10)),
      );
      expect(
        contactCalls.filter((c) => c.endsWith('(list)')),
        counter.calls.join('\n'),
      ).toHaveLength(1 + days.size);
    } finally {
      await counter.close();
    }
  });

  it('the CSV export asks the store once per chunk of the index, not once per message', async () => {
    const exportOf = async (n: number) => {
      for (const { key } of (await contact().list()).blobs) await contact().delete(key);
      for (let i = 0; i < n; i += 200)
        await Promise.all(
          Array.from({ length: Math.min(200, n - i) }, (_, j) =>
            storeMessage(i + j, 2 + ((i + j) % 30), i + j),
          ),
        );
      await system().delete('contact-snapshot');
      await admin.get('/api/admin/contact-forms'); // the index is built once, from a scan
      const counter = await countBlobCalls();
      try {
        const { result, calls, bytesRead } = await counter.during(() =>
          exportCsv(site, admin, { kind: 'messages' }),
        );
        const lines = result.csv.split('\r\n');
        expect(lines).toHaveLength(n + 1);
        expect(new Set(lines.slice(1).map((l) => l.split(',')[2])).size).toBe(n);
        const store = calls.filter((c) => c.includes('contact') || c.includes('system'));
        return {
          calls: store.length,
          messages: store.filter((c) => c.includes('/m/')).length,
          bytesRead,
        };
      } finally {
        await counter.close();
      }
    };
    const small = await exportOf(100);
    const large = await exportOf(1_000);
    expect(small.messages).toBe(0);
    expect(large.messages).toBe(0);
    // 1,000 messages of about 250 bytes fill a few chunks of the index: a call per chunk, not per row.
    expect(large.calls - small.calls, `${small.calls} -> ${large.calls}`).toBeLessThanOrEqual(10);
    expect(large.calls).toBeLessThan(20);
  });

  it('property: random interleavings of messages, read marks and deletes leave the inbox equal to a full scan', async () => {
    type Op =
      | { kind: 'send'; n: number }
      | { kind: 'mark'; n: number; read: boolean }
      | { kind: 'delete'; n: number }
      | { kind: 'list' };
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('send' as const), n: fc.nat(1000) }),
      fc.record({ kind: fc.constant('mark' as const), n: fc.nat(20), read: fc.boolean() }),
      fc.record({ kind: fc.constant('delete' as const), n: fc.nat(20) }),
      fc.constant({ kind: 'list' as const }),
    );
    await fc.assert(
      // Messages from earlier days exist before the index first looks (visitors only ever write today).
      fc.asyncProperty(
        fc.array(fc.nat(3), { maxLength: 4 }),
        fc.array(fc.array(op, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        async (oldAges, batches) => {
          for (const { key } of (await contact().list()).blobs) await contact().delete(key);
          await system().delete('contact-snapshot');
          for (const [i, age] of oldAges.entries()) await storeMessage(100 + i, age + 1, i);
          // What each message's read flag must be: unread, or what the marks of one batch agreed on.
          const expected = new Map<string, boolean | 'either'>();
          for (const batch of batches) {
            const ids = (await api.scanContactForms()).map((m) => m.id);
            const pick = (n: number) => ids[n % Math.max(ids.length, 1)];
            const marks = new Map<string, boolean[]>();
            await Promise.all(
              batch.map(async (o) => {
                const ignoreGone = (e: { status?: number }) => {
                  if (e?.status !== 404) throw e;
                };
                if (o.kind === 'send') await api.createContactForm(message(o.n));
                else if (o.kind === 'mark' && pick(o.n)) {
                  const id = pick(o.n)!;
                  marks.set(id, [...(marks.get(id) ?? []), o.read]);
                  await api.setContactFormRead(id, o.read).catch(ignoreGone);
                } else if (o.kind === 'delete' && pick(o.n)) {
                  await api.deleteContactForm(pick(o.n)!).catch(ignoreGone);
                } else if (o.kind === 'list')
                  await api.listContactForms({ page: 1, pageSize: 100 });
              }),
            );
            for (const [id, values] of marks) {
              expected.set(id, values.every((v) => v === values[0]) ? values[0]! : 'either');
            }
          }
          const listed = await api.listContactForms({ page: 1, pageSize: 100 });
          const scanned = await api.scanContactForms();
          expect(listed.items.map((m) => m.id)).toEqual(scanned.map((m) => m.id));
          expect(listed.total).toBe(scanned.length);
          for (const m of listed.items) {
            const want = expected.get(m.id) ?? false;
            if (want !== 'either') expect(m.read).toBe(want);
          }
          expect(await api.countUnread()).toBe(listed.items.filter((m) => !m.read).length);
        },
      ),
      { numRuns: 25 },
    );
  });
});
