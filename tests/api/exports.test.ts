import Papa from 'papaparse';
import { getStore } from '@netlify/blobs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CURRENT_CONSENT } from '../../src/schemas/newsletter-consent';
import { useAdminSite, type Session } from '../helpers/admin-site';
import { countBlobCalls, holdFirstCall } from '../helpers/blobs-counter';
import { exportCsv, waitForExport } from '../helpers/exports';
import { linkIn, mailTo, newestMailTo } from '../helpers/mail';
import { client, createTestUser, login } from '../helpers/platform';
import { addresses, seedSubscribers } from '../helpers/subscribers';

// Exports of personal data, made in the background in parts that each fit one function answer.
// The subscriptions export keeps a mailing tool in line: consent columns, only what is new since
// the last export, and the list of addresses that unsubscribed. Every export joins, part by part,
// into exactly the file it would be in one piece, even when its run dies part-way; only the admin
// who made it can read it, and only for a day.
const t = useAdminSite();
afterEach(() => vi.useRealTimers());

const COLUMNS =
  'email,status,signedUpAt,confirmedAt,unsubscribedAt,source,form,consentVersion,topics,topicsChangedAt,id';
const exported = async (options: { list?: 'subscribed' | 'unsubscribed'; since?: 'last' } = {}) => {
  const { csv, job } = await exportCsv(t.site, t.admin, { kind: 'subscribers', ...options });
  expect(csv.split('\r\n')[0]).toBe(COLUMNS);
  return {
    rows: Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data,
    filename: job.filename,
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
const runner = () => import('../../src/server/workflows/export-run');
const TUNING_AT_START = { partBytes: 1_000_000, leaseMs: 60_000, crashAfterParts: Infinity };
const MESSAGE_COLUMNS = ['createdAt', 'name', 'email', 'subject', 'message', 'read', 'id'];
/** Part n of an export as the bytes it sent (part 1 starts with the byte-order mark). */
const rawPart = async (who: Session, id: string, n: number) => {
  const res = await fetch(`${t.site.url}/api/admin/exports/${id}/parts/${n}`, {
    headers: { Cookie: who.cookie },
  });
  expect(res.status, `part ${n}`).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
};
const rawFile = async (id: string, parts: number) => {
  const texts: string[] = [];
  for (let n = 1; n <= parts; n++) texts.push(await rawPart(t.admin, id, n));
  return texts;
};

describe('exports in parts', () => {
  let expected = '';
  beforeAll(async () => {
    const { createContactForm, scanContactForms } =
      await import('../../src/server/visitors/contact-forms');
    // What spreadsheets and CSV readers trip over: delimiters, quotes, line breaks, formulas, any script.
    const names = [
      'Ada, Countess',
      'Grace "Amazing" Hopper',
      '=HYPERLINK("x")',
      'Zoë Ñandú',
      '@mention',
    ];
    const bodies = [
      'Plain text about research methods',
      'Two lines:\r\nthe second, with a comma',
      '+cmd|"/c calc"!A1 and more text',
      'مرحبا — 你好 — 🙂 emoji and scripts',
      '"Quoted" from start to "end"',
    ];
    for (let i = 0; i < 30; i++)
      await createContactForm({
        name: names[i % names.length]!,
        email: `writer${i}@example.org`,
        subject: 'research',
        message: `${bodies[i % bodies.length]!} (${i})`,
      });
    const { toCsv } = await import('../../src/server/http/csv');
    // The reference: every message read one by one, rendered as one table.
    expected = `\uFEFF${toCsv(await scanContactForms(), MESSAGE_COLUMNS as never)}`;
    (await runner()).EXPORT_TUNING.partBytes = 600;
  });
  afterAll(async () => {
    Object.assign((await runner()).EXPORT_TUNING, TUNING_AT_START);
  });

  it('joins into the whole file: the header once, every row once, escaped and formula-safe', async () => {
    const { id, job } = await exportCsv(t.site, t.admin, { kind: 'messages' });
    expect(job).toMatchObject({ status: 'ready', rows: 30, expectedRows: 30 });
    expect(job.filename).toMatch(/^contact-forms-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(job.parts).toBeGreaterThan(4);
    const parts = await rawFile(id, job.parts);
    expect(parts.join('')).toBe(expected);
    expect(parts[0]!.startsWith(`\uFEFF${MESSAGE_COLUMNS.join(',')}\r\n`)).toBe(true);
    for (const part of parts.slice(1)) expect(part.startsWith('\r\n')).toBe(true);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(600);
    expect(parts.reduce((n, p) => n + Buffer.byteLength(p), 0)).toBe(job.bytes);
    const rows = Papa.parse<Record<string, string>>(parts.join('').slice(1), {
      header: true,
    }).data;
    expect(rows).toHaveLength(30);
    expect(rows.find((r) => r.email === 'writer1@example.org')).toMatchObject({
      name: 'Grace "Amazing" Hopper',
      message: 'Two lines:\r\nthe second, with a comma (1)',
    });
    expect(rows.find((r) => r.email === 'writer2@example.org')!.name).toBe(`'=HYPERLINK("x")`);
  });

  it('a run that dies part-way is carried on by the next look at the job, into the same file', async () => {
    const { EXPORT_TUNING } = await runner();
    // Every run dies after writing its second part, before recording it, and its lease is up at once.
    EXPORT_TUNING.crashAfterParts = 2;
    EXPORT_TUNING.leaseMs = 1;
    const started = await t.admin.post('/api/admin/exports', { kind: 'messages' });
    expect(started.status, started.text).toBe(202);
    const id = started.json.id as string;
    await t.site.platform.backgroundIdle();
    const exports = getStore({ name: 'exports', consistency: 'strong' });
    const stopped = (await exports.get(`jobs/${id}`, { type: 'json' })) as {
      status: string;
      parts: unknown[];
    };
    expect(stopped).toMatchObject({ status: 'running', parts: [expect.anything()] });
    // Part 2 was written and never recorded: nobody may read it, and the next run writes it again.
    expect((await exports.list({ prefix: `parts/${id}/` })).blobs).toHaveLength(2);
    const early = await t.admin.get(`/api/admin/exports/${id}/parts/1`);
    expect(early.status).toBe(409);
    expect(early.json.message).toMatch(/not ready/);
    const job = await waitForExport(t.site, t.admin, id);
    expect(job.rows).toBe(30);
    expect((await rawFile(id, job.parts)).join('')).toBe(expected);
    // Netlify retrying a run that already finished changes nothing.
    EXPORT_TUNING.crashAfterParts = Infinity;
    expect((await t.anon.post('/api/exports/run', { id })).status).toBe(202);
    await t.site.platform.backgroundIdle();
    expect((await t.admin.get(`/api/admin/exports/${id}`)).json).toEqual(job);
    expect((await rawFile(id, job.parts)).join('')).toBe(expected);
    EXPORT_TUNING.leaseMs = TUNING_AT_START.leaseMs;
  });

  it('writes the subscriber list in parts too, every address once', async () => {
    const many = addresses('many', 40);
    await seedSubscribers(many.map((email) => ({ email })));
    const { csv, job } = await exportCsv(t.site, t.admin, { kind: 'subscribers' });
    expect(job.parts).toBeGreaterThan(10);
    const lines = csv.split('\r\n');
    expect(lines.filter((l) => l === COLUMNS)).toHaveLength(1);
    expect(lines).toHaveLength(job.rows + 1);
    expect(job.rows).toBe(job.expectedRows);
    const listed = lines.slice(1).map((l) => l.split(',')[0]!);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.filter((e) => e.startsWith('many-')).sort()).toEqual([...many].sort());
    // Gone again (index rows too), so the lists below start empty.
    const { deleteSubscription, subscriptionId } =
      await import('../../src/server/visitors/newsletter');
    for (const email of many) await deleteSubscription(subscriptionId(email));
  });

  it('only its maker reads it: 401 signed out, 403 for an editor, 404 for another admin', async () => {
    const { id } = await exportCsv(t.site, t.admin, { kind: 'messages' });
    await createTestUser('second-admin', 'second-admin-password', true);
    const other = client(
      t.site.url,
      await login(t.site.url, 'second-admin', 'second-admin-password'),
    );
    for (const path of [`/api/admin/exports/${id}`, `/api/admin/exports/${id}/parts/1`]) {
      const anon = await t.anon.get(path);
      expect(anon.status, path).toBe(401);
      expect(anon.json).toEqual({ message: 'Please sign in to continue' });
      expect((await t.viewer.get(path)).status, path).toBe(403);
      const theirs = await other.get(path);
      expect(theirs.status, path).toBe(404);
      expect(theirs.json.message).toMatch(/No such export/);
    }
    expect((await t.anon.post('/api/admin/exports', { kind: 'messages' })).status).toBe(401);
    expect((await t.viewer.post('/api/admin/exports', { kind: 'messages' })).status).toBe(403);
    expect((await t.admin.get(`/api/admin/exports/${id}/parts/0`)).status).toBe(404);
    expect((await t.admin.get(`/api/admin/exports/${id}/parts/999`)).status).toBe(404);
  });

  it('is kept for a day: then it is gone from the API, and the hourly sweep deletes its files', async () => {
    const { id } = await exportCsv(t.site, t.admin, { kind: 'messages' });
    const fresh = await exportCsv(t.site, t.admin, { kind: 'messages' });
    const exports = getStore({ name: 'exports', consistency: 'strong' });
    const job = (await exports.get(`jobs/${id}`, { type: 'json' })) as {
      createdAt: string;
      expiresAt: string;
    };
    expect(Date.parse(job.expiresAt) - Date.parse(job.createdAt)).toBe(24 * 3_600_000);
    // A day has passed for this one (the session would not last a day of faked time).
    await exports.setJSON(`jobs/${id}`, {
      ...job,
      expiresAt: new Date(Date.now() - 1).toISOString(),
    });
    const status = await t.admin.get(`/api/admin/exports/${id}`);
    expect(status.status).toBe(404);
    expect(status.json.message).toMatch(/kept for 24 hours/);
    expect((await t.admin.get(`/api/admin/exports/${id}/parts/1`)).status).toBe(404);
    const { sweepExports } = await import('../../src/server/workflows/exports');
    const stored = async (of: string) =>
      (await exports.list()).blobs.filter((b) => b.key.includes(of)).length;
    expect(await stored(id)).toBeGreaterThan(1);
    // The hourly run deletes that one, job and parts, and keeps the fresh one until its day is up.
    const run = await t.site.platform.runScheduled('retention');
    expect((await run.json()).exports).toBe(1);
    expect(await stored(id)).toBe(0);
    expect(await stored(fresh.id)).toBeGreaterThan(1);
    expect(await sweepExports(Date.now() + 24 * 3_600_000)).toBeGreaterThanOrEqual(1);
    expect(await stored(fresh.id)).toBe(0);
  });

  it('a run that stalls past its lease changes nothing in the file the next run wrote', async () => {
    const { createContactForm, scanContactForms } =
      await import('../../src/server/visitors/contact-forms');
    const { toCsv } = await import('../../src/server/http/csv');
    // The first run's write of its first part is held (a stalled call) until long after its lease.
    const hold = holdFirstCall((call) => /^PUT .*:exports\/parts\//.test(call));
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    let id = '';
    try {
      const started = await t.admin.post('/api/admin/exports', { kind: 'messages' });
      expect(started.status, started.text).toBe(202);
      id = started.json.id as string;
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      // Meanwhile a message arrives (the newest: the top of the file), and two minutes pass, so
      // the admin's next look finds the job held by nobody and starts a run that writes it all.
      await createContactForm({
        name: 'Late Writer',
        email: 'late@example.org',
        subject: 'research',
        message: 'Sent while the export stalled',
      });
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 120_000 });
      await expect
        .poll(async () => (await t.admin.get(`/api/admin/exports/${id}`)).json.status, {
          interval: 20,
          timeout: 20_000,
        })
        .toBe('ready');
      // The stalled run wakes up with the part it made from the list as it was then.
      hold.release();
      await t.site.platform.backgroundIdle();
    } finally {
      hold.release();
      await blobs.close();
    }
    const job = (await t.admin.get(`/api/admin/exports/${id}`)).json as { parts: number };
    const reference = `\uFEFF${toCsv(await scanContactForms(), MESSAGE_COLUMNS as never)}`;
    expect((await rawFile(id, job.parts)).join('')).toBe(reference);
    // What the stalled run wrote was deleted when it found the job taken.
    const exports = getStore({ name: 'exports', consistency: 'strong' });
    expect((await exports.list({ prefix: `parts/${id}/` })).blobs).toHaveLength(job.parts);
  });
});

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
    const { rows, filename } = await exported();
    expect(filename).toMatch(/^newsletter-subscriptions-\d{4}-\d{2}-\d{2}\.csv$/);
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
    await exported();
    const { json: last } = await t.admin.get('/api/admin/subscriptions/last-export');
    expect(last.subscribed).toMatchObject({ at: new Date(now).toISOString() });
    later();
    await join('second@example.org', '/events', 'inline');
    later();
    expect(emails((await exported({ since: 'last' })).rows)).toEqual(['second@example.org']);
    later();
    expect((await exported({ since: 'last' })).rows).toEqual([]);
    // A full export still has everyone.
    expect(emails((await exported()).rows)).toEqual(['first@example.org', 'second@example.org']);
  });

  it('exports the unsubscribed list (whole or new since its last export), and they leave the subscribed one', async () => {
    later();
    await leave('first@example.org');
    later();
    const { rows, filename } = await exported({ list: 'unsubscribed' });
    expect(filename).toMatch(/^newsletter-unsubscribed-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(rows).toEqual([
      expect.objectContaining({
        email: 'first@example.org',
        status: 'unsubscribed',
        unsubscribedAt: expect.any(String),
        source: '/team',
      }),
    ]);
    expect(emails((await exported()).rows)).toEqual(['second@example.org']);
    later();
    expect((await exported({ list: 'unsubscribed', since: 'last' })).rows).toEqual([]);
    await leave('second@example.org');
    later();
    expect(emails((await exported({ list: 'unsubscribed', since: 'last' })).rows)).toEqual([
      'second@example.org',
    ]);
    expect(emails((await exported({ list: 'unsubscribed' })).rows)).toEqual([
      'first@example.org',
      'second@example.org',
    ]);
  });

  it('refuses unknown options with a 400, and only admins export', async () => {
    for (const body of [
      { kind: 'subscribers', list: 'everyone' },
      { kind: 'subscribers', since: 'yesterday' },
      { kind: 'everything' },
      { kind: 'messages', list: 'subscribed' },
    ]) {
      const res = await t.admin.post('/api/admin/exports', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.json.message).toBe('string');
    }
    expect(
      (await t.viewer.post('/api/admin/exports', { kind: 'subscribers', list: 'unsubscribed' }))
        .status,
    ).toBe(403);
    expect((await t.anon.get('/api/admin/subscriptions/last-export')).status).toBe(401);
  });

  it('an export that failed is not the last export: the next one since then has what it would have had', async () => {
    later();
    await join('third@example.org', '/', 'inline');
    later();
    // The store refuses every part the export writes, so each run fails and the job gives up.
    const blobs = await countBlobCalls();
    blobs.refuseWrite = (call) => /^PUT .*:exports\/parts\//.test(call);
    try {
      const started = await t.admin.post('/api/admin/exports', {
        kind: 'subscribers',
        since: 'last',
      });
      expect(started.status, started.text).toBe(202);
      await expect(waitForExport(t.site, t.admin, started.json.id as string)).rejects.toThrow(
        /failed/,
      );
    } finally {
      await blobs.close();
    }
    later();
    expect(emails((await exported({ since: 'last' })).rows)).toEqual(['third@example.org']);
  });
});
