import { getStore } from '@netlify/blobs';
import { describe, expect, it, vi } from 'vitest';
import { useAdminSite } from '../helpers/admin-site';
import { countBlobCalls, holdFirstCall } from '../helpers/blobs-counter';
import { linkIn, mailTo, newestMailTo, signUpAndConfirm } from '../helpers/mail';
import { exportCsv } from '../helpers/exports';

// The suppression list: once an address unsubscribes, no history restore, import or export brings
// it back; only a new signup that its owner confirms does.
const t = useAdminSite();

const api = () => import('../../src/server/visitors/newsletter');
const listed = async (status: string, q: string) =>
  (
    await t.admin.get(`/api/admin/subscriptions?status=${status}&q=${encodeURIComponent(q)}`)
  ).json.items.map((s: { email: string }) => s.email);
const idOf = async (email: string) => (await api()).subscriptionId(email);
const record = async (email: string) =>
  getStore({ name: 'newsletter', consistency: 'strong' }).get(await idOf(email), { type: 'json' });
const suppressed = async (email: string) =>
  (await getStore({ name: 'system', consistency: 'strong' }).get(
    `newsletter-suppressed/${await idOf(email)}`,
  )) !== null;
/** The one-click URL in the newest welcome email to an address. */
const oneClickOf = async (email: string) => {
  await t.site.platform.backgroundIdle();
  const welcome = (await mailTo(t.site.dataDir, email))
    .filter((m) => m.parsed.subject?.includes('Welcome'))
    .at(-1)!;
  const line = welcome.parsed.headerLines
    .find((h) => h.key === 'list-unsubscribe')!
    .line.replace(/\r?\n[ \t]+/g, ' ');
  return /<(.+)>/.exec(line)![1]!;
};
const unsubscribe = (url: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
const exported = async () => (await exportCsv(t.site, t.admin, { kind: 'subscribers' })).csv;
const deleteEntryOf = async (email: string) => {
  const target = `subscriptions/${await idOf(email)}`;
  const res = await t.admin.get('/api/admin/history?limit=50');
  const entries = (Array.isArray(res.json) ? res.json : res.json.items) as {
    id: string;
    action: string;
    target: string;
  }[];
  return entries.find((e) => e.action === 'delete' && e.target === target)!;
};

describe('the suppression list', () => {
  it('a history restore brings back a deleted subscriber, but never one who unsubscribed since; nor does an import', async () => {
    await signUpAndConfirm(t.site, 'restored@example.org');
    const [row] = (await t.admin.get('/api/admin/subscriptions?q=restored@')).json.items;
    expect((await t.admin.delete(`/api/admin/subscriptions/${row.id}`)).status).toBe(200);
    const deletion = await deleteEntryOf('restored@example.org');
    // Restoring the deletion works while the address has not unsubscribed.
    expect((await t.admin.post(`/api/admin/history/${deletion.id}/restore`)).status).toBe(200);
    expect(await listed('confirmed', 'restored@')).toEqual(['restored@example.org']);

    // The restored record is as the history kept it, without link secrets: its owner asks for a link by address.
    expect((await unsubscribe(await oneClickOf('restored@example.org'))).status).toBe(410);
    await t.anon.post('/api/newsletter/unsubscribe-link', { email: 'restored@example.org' });
    const token = linkIn(
      await newestMailTo(t.site, 'restored@example.org'),
      '/newsletter/unsubscribe',
    ).searchParams.get('token');
    expect((await t.anon.post('/api/newsletter/unsubscribe', { token })).status).toBe(200);
    expect(await suppressed('restored@example.org')).toBe(true);
    // Even with the unsubscribed record deleted (only the hash remains), the old deletion cannot be restored.
    expect((await t.admin.delete(`/api/admin/subscriptions/${row.id}`)).status).toBe(200);
    const again = await t.admin.post(`/api/admin/history/${deletion.id}/restore`);
    expect(again.status).toBe(409);
    expect(again.json.message).toContain('unsubscribed');
    expect(await record('restored@example.org')).toBeNull();

    // Imports skip it, and adding it as already confirmed is refused.
    const { importSubscriptions, importConfirmedSubscriber } = await api();
    expect(
      await importSubscriptions([
        { email: 'Restored@Example.org', createdAt: new Date().toISOString() },
        { email: 'fresh@example.org', createdAt: new Date().toISOString() },
      ]),
    ).toBe(1);
    await expect(importConfirmedSubscriber('restored@example.org')).rejects.toMatchObject({
      status: 409,
    });
    expect(await record('restored@example.org')).toBeNull();
    expect(await listed('confirmed', 'restored@')).toEqual([]);
    expect(await exported()).not.toContain('restored@example.org');
    expect(await exported()).toContain('fresh@example.org');
  });

  it('signing up again after unsubscribing asks for confirmation again, and the new confirmation works', async () => {
    await signUpAndConfirm(t.site, 'comeback@example.org');
    const firstLink = await oneClickOf('comeback@example.org');
    expect((await unsubscribe(firstLink)).status).toBe(200);

    const res = await t.anon.post('/api/newsletter', {
      email: 'comeback@example.org',
      page: '/events',
      form: 'inline',
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ message: 'Check your inbox to confirm your subscription' });
    const mail = await newestMailTo(t.site, 'comeback@example.org');
    expect(mail.parsed.subject).toContain('Confirm your subscription');
    // Pending, and still suppressed, until the owner confirms: not a subscriber, not exported, not importable.
    expect(await listed('pending', 'comeback@')).toEqual(['comeback@example.org']);
    expect(await listed('confirmed', 'comeback@')).toEqual([]);
    expect(await suppressed('comeback@example.org')).toBe(true);
    expect(await exported()).not.toContain('comeback@example.org');

    const token = linkIn(mail, '/newsletter/confirm').searchParams.get('token');
    expect((await t.anon.post('/api/newsletter/confirm', { token })).status).toBe(200);
    expect(await listed('confirmed', 'comeback@')).toEqual(['comeback@example.org']);
    expect(await suppressed('comeback@example.org')).toBe(false);
    expect(await record('comeback@example.org')).toMatchObject({
      status: 'confirmed',
      source: '/events',
      form: 'inline',
    });
    expect(await record('comeback@example.org')).not.toHaveProperty('unsubscribedAt');

    // The new welcome email has a new link; the old one no longer works.
    await t.site.platform.backgroundIdle();
    const secondLink = await oneClickOf('comeback@example.org');
    expect(secondLink).not.toBe(firstLink);
    expect((await unsubscribe(firstLink)).status).toBe(410);
    expect(await listed('confirmed', 'comeback@')).toEqual(['comeback@example.org']);
    expect((await unsubscribe(secondLink)).status).toBe(200);
    expect(await listed('unsubscribed', 'comeback@')).toEqual(['comeback@example.org']);
  });

  it('a signup after unsubscribing that is never confirmed goes back to the unsubscribed list when it expires', async () => {
    await signUpAndConfirm(t.site, 'undecided@example.org');
    expect((await unsubscribe(await oneClickOf('undecided@example.org'))).status).toBe(200);
    expect((await t.anon.post('/api/newsletter', { email: 'undecided@example.org' })).status).toBe(
      201,
    );
    expect(await listed('pending', 'undecided@')).toEqual(['undecided@example.org']);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 7 * 86_400_000 + 60_000 });
    try {
      await t.site.platform.runScheduled('newsletter-expiry');
    } finally {
      vi.useRealTimers();
    }
    expect(await listed('pending', 'undecided@')).toEqual([]);
    expect(await listed('unsubscribed', 'undecided@')).toEqual(['undecided@example.org']);
    expect(await record('undecided@example.org')).not.toHaveProperty('confirmTokenHash');
    expect(await suppressed('undecided@example.org')).toBe(true);
  });
});

describe('a second click of a confirmation link', () => {
  it('that lands after its owner unsubscribed again leaves the address suppressed', async () => {
    await t.anon.post('/api/newsletter', { email: 'doubleclick@example.org' });
    const token = linkIn(
      await newestMailTo(t.site, 'doubleclick@example.org'),
      '/newsletter/confirm',
    ).searchParams.get('token');
    const entry = `system/newsletter-suppressed/${await idOf('doubleclick@example.org')}`;
    // The second click waits at the suppression list while the first confirms and the welcome
    // email's one-click link unsubscribes.
    const hold = holdFirstCall((call) => call.endsWith(entry));
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const second = t.anon.post('/api/newsletter/confirm', { token });
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      expect((await t.anon.post('/api/newsletter/confirm', { token })).status).toBe(200);
      expect((await unsubscribe(await oneClickOf('doubleclick@example.org'))).status).toBe(200);
      hold.release();
      expect((await second).status).toBe(410);
    } finally {
      hold.release();
      await blobs.close();
    }
    expect(await listed('unsubscribed', 'doubleclick@')).toEqual(['doubleclick@example.org']);
    expect(await suppressed('doubleclick@example.org')).toBe(true);
    const { importConfirmedSubscriber } = await api();
    await expect(importConfirmedSubscriber('doubleclick@example.org')).rejects.toMatchObject({
      status: 409,
    });
  });
});
