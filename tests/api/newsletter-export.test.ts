import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_CONSENT } from '../../src/schemas/newsletter-consent';
import { useAdminSite } from '../helpers/admin-site';
import { linkIn, mailTo, newestMailTo } from '../helpers/mail';

// The subscriptions export keeps a mailing tool in line: consent columns, only what is new since
// the last export, and the list of addresses that unsubscribed.
const t = useAdminSite();
afterEach(() => vi.useRealTimers());

const COLUMNS =
  'email,status,signedUpAt,confirmedAt,unsubscribedAt,source,form,consentVersion,topics,topicsChangedAt,id';
const exportCsv = async (query = '') => {
  const res = await t.admin.get(`/api/admin/subscriptions/export${query}`);
  expect(res.status).toBe(200);
  const text = res.text.replace(/^\uFEFF/, '');
  expect(text.split('\r\n')[0]).toBe(COLUMNS);
  return {
    rows: Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data,
    disposition: res.headers.get('content-disposition'),
  };
};
const emails = (rows: Record<string, string>[]) => rows.map((r) => r.email).sort();
const join = async (email: string, page: string, form: 'inline' | 'popup') => {
  expect(
    (await t.anon.post('/api/newsletter', { email, page, form, consent: CURRENT_CONSENT })).status,
  ).toBe(201);
  await newestMailTo(t.site, email);
  const confirmation = (await mailTo(t.site.dataDir, email))
    .filter((m) => m.parsed.text?.includes('/newsletter/confirm'))
    .at(-1)!;
  const token = linkIn(confirmation, '/newsletter/confirm').searchParams.get('token');
  expect((await t.anon.post('/api/newsletter/confirm', { token })).status).toBe(200);
};
const leave = async (email: string) => {
  await newestMailTo(t.site, email);
  // The welcome email is the one with the header: found by it, not by its place in the outbox (this
  // test holds the clock still, so it can share a millisecond with the confirmation and sort either way).
  const header = (await mailTo(t.site.dataDir, email))
    .flatMap((m) => m.parsed.headerLines)
    .find((h) => h.key === 'list-unsubscribe');
  const url = /<(.+)>/.exec(header!.line.replace(/\r?\n[ \t]+/g, ' '))![1]!;
  expect(
    (
      await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
    ).status,
  ).toBe(200);
};
let now = Date.now();
/**
 * Moves the clock (of the site too: it runs in this process) a minute on. An export repeats what
 * joined in the 10 seconds before the previous one, so each step leaves more than that between.
 */
const later = () => vi.useFakeTimers({ toFake: ['Date'], now: (now += 60_000) });

describe('the subscriptions export', () => {
  it('has the consent columns, and lists only confirmed subscribers', async () => {
    await join('first@example.org', '/team', 'popup');
    await t.anon.post('/api/newsletter', { email: 'pending@example.org' });
    const { rows, disposition } = await exportCsv();
    expect(disposition).toMatch(/filename="newsletter-subscriptions-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(rows).toEqual([
      {
        email: 'first@example.org',
        status: 'confirmed',
        signedUpAt: expect.any(String),
        confirmedAt: expect.any(String),
        unsubscribedAt: '',
        source: '/team',
        form: 'popup',
        consentVersion: CURRENT_CONSENT,
        topics: '',
        topicsChangedAt: '',
        id: expect.stringMatching(/^[a-f0-9]{64}$/),
      },
    ]);
    expect(Date.parse(rows[0]!.confirmedAt!)).toBeGreaterThanOrEqual(
      Date.parse(rows[0]!.signedUpAt!),
    );
  });

  it('since=last exports only the subscribers confirmed since the last export, and records when that was', async () => {
    later();
    await exportCsv();
    const { json: last } = await t.admin.get('/api/admin/subscriptions/last-export');
    expect(last.subscribed).toMatchObject({ at: new Date(now).toISOString() });
    later();
    await join('second@example.org', '/events', 'inline');
    later();
    expect(emails((await exportCsv('?since=last')).rows)).toEqual(['second@example.org']);
    later();
    expect((await exportCsv('?since=last')).rows).toEqual([]);
    // A full export still has everyone.
    expect(emails((await exportCsv()).rows)).toEqual(['first@example.org', 'second@example.org']);
  });

  it('exports the unsubscribed list (whole or new since its last export), and they leave the subscribed one', async () => {
    later();
    await leave('first@example.org');
    later();
    const { rows, disposition } = await exportCsv('?list=unsubscribed');
    expect(disposition).toMatch(/filename="newsletter-unsubscribed-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(rows).toEqual([
      expect.objectContaining({
        email: 'first@example.org',
        status: 'unsubscribed',
        unsubscribedAt: expect.any(String),
        source: '/team',
      }),
    ]);
    expect(emails((await exportCsv()).rows)).toEqual(['second@example.org']);
    later();
    expect((await exportCsv('?list=unsubscribed&since=last')).rows).toEqual([]);
    await leave('second@example.org');
    later();
    expect(emails((await exportCsv('?list=unsubscribed&since=last')).rows)).toEqual([
      'second@example.org',
    ]);
    expect(emails((await exportCsv('?list=unsubscribed')).rows)).toEqual([
      'first@example.org',
      'second@example.org',
    ]);
  });

  it('refuses unknown options with a 400, and only admins export', async () => {
    expect((await t.admin.get('/api/admin/subscriptions/export?list=everyone')).status).toBe(400);
    expect((await t.admin.get('/api/admin/subscriptions/export?since=yesterday')).status).toBe(400);
    expect((await t.viewer.get('/api/admin/subscriptions/export?list=unsubscribed')).status).toBe(
      403,
    );
    expect((await t.anon.get('/api/admin/subscriptions/last-export')).status).toBe(401);
  });
});
