import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { useAdminSite, type Client } from '../helpers/admin-site';
import { countBlobCalls, holdFirstCall, unevenRoundTrips } from '../helpers/blobs-counter';
import { mailTo, outboxHeaders, startSmtpServer, type ReadMail } from '../helpers/mail';
import { addresses, clearSubscribers, seedSubscribers } from '../helpers/subscribers';

// Newsletter issues: drafting and permissions, who receives an issue (topics, and never the
// unsubscribed, suppressed, pending or erased), what each copy carries (its own one-click
// unsubscribe and preferences links, every address on this site), and that a send is never
// repeated: a second send is a 409, and a run that dies part-way resumes without a second copy.
const t = useAdminSite();

const sender = () => import('../../src/server/workflows/newsletter/sender');
const TUNING_AT_START = { budgetMs: 12 * 60_000, leaseMs: 3 * 60_000, crashAfter: Infinity };
afterEach(async () => {
  const { SEND_TUNING } = await sender();
  SEND_TUNING.crashAfterMessages = TUNING_AT_START.crashAfter;
  SEND_TUNING.leaseMs = TUNING_AT_START.leaseMs;
});

beforeAll(async () => {
  // Fast in tests: the rate paces real providers.
  const res = await t.admin.put('/api/admin/newsletter-settings', {
    newsletterRatePerSecond: 1000,
  });
  expect(res.status, res.text).toBe(200);
});

const header = (mail: ReadMail, name: string) =>
  mail.parsed.headerLines
    .find((h) => h.key === name.toLowerCase())
    ?.line.replace(/\r?\n[ \t]+/g, ' ')
    .replace(/^[^:]+:\s*/, '');

async function draft(who: Client, body: Record<string, unknown> = {}): Promise<string> {
  const res = await who.post('/api/admin/newsletter-issues', {
    subject: 'Quarterly notes',
    intro:
      'Hello **readers**. See [our research](/research) and [elsewhere](https://evil.example/x).',
    items: [],
    topics: [],
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  expect(res.json.status).toBe('draft');
  return res.json.id as string;
}

/** Sends an issue now and waits for the background sender (and any resumed runs) to finish. */
async function sendAndWait(id: string): Promise<Record<string, unknown>> {
  const res = await t.admin.post(`/api/admin/newsletter-issues/${id}/send`);
  expect(res.status, res.text).toBe(202);
  await t.site.platform.backgroundIdle();
  return (await t.admin.get(`/api/admin/newsletter-issues/${id}`)).json;
}

/** Plays the scheduled check until the issue is sent (each run waits for the sender it starts). */
async function resumeUntilSent(id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 20; i++) {
    const issue = (await t.admin.get(`/api/admin/newsletter-issues/${id}`)).json;
    if (issue.status === 'sent') return issue;
    await new Promise((r) => setTimeout(r, 60));
    await t.site.platform.runScheduled('newsletter-send');
    await t.site.platform.backgroundIdle();
  }
  throw new Error('The issue was never sent');
}

/** The readers the admin is told may or may not have the issue. */
async function unknownNamed(id: string): Promise<string[]> {
  const res = await t.admin.get(`/api/admin/newsletter-issues/${id}/unknown`);
  expect(res.status, res.text).toBe(200);
  return (res.json.items as { email: string }[]).map((r) => r.email);
}

const sentTo = async (prefix: string) =>
  (await outboxHeaders(t.site.dataDir))
    .filter((m) => m.to.startsWith(prefix) && !m.subject.startsWith('[Test]'))
    .map((m) => m.to);

describe('drafting and permissions', () => {
  it('signed out: 401; an editor drafts, edits, previews and deletes; lists read the index', async () => {
    expect((await t.anon.get('/api/admin/newsletter-issues')).status).toBe(401);
    expect((await t.anon.post('/api/admin/newsletter-issues', { subject: 'x' })).status).toBe(401);
    const id = await draft(t.viewer);
    const patched = await t.viewer.patch(`/api/admin/newsletter-issues/${id}`, {
      subject: 'Spring notes',
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.slug).toMatch(/^spring-notes-\d{4}-\d{2}-\d{2}$/);
    const list = await t.viewer.get('/api/admin/newsletter-issues?pageSize=5');
    expect(list.json).toMatchObject({ page: 1, pageSize: 5 });
    expect(list.json.items[0]).toMatchObject({ id, subject: 'Spring notes', status: 'draft' });
    expect(list.json.items[0].intro).toBeUndefined();
    const preview = await t.viewer.get(`/api/admin/newsletter-issues/${id}/preview`);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.json.subject).toBe('Spring notes');
    expect(preview.json.html).toContain('<strong>readers</strong>');
    expect(typeof preview.json.recipients).toBe('number');
    expect((await t.viewer.delete(`/api/admin/newsletter-issues/${id}`)).status).toBe(204);
    expect((await t.viewer.get(`/api/admin/newsletter-issues/${id}`)).status).toBe(404);
  });

  it('the list shows an issue as stored after many simultaneous edits of it', async () => {
    const id = await draft(t.viewer, { subject: 'Simultaneous edits' });
    // Round trips of their own lengths: edits land on the issue in one order and can reach the
    // list in another, which must not keep an older row.
    const blobs = await countBlobCalls({
      latencyMs: unevenRoundTrips,
    });
    try {
      for (let round = 0; round < 3; round++) {
        const edits = await Promise.all(
          Array.from({ length: 8 }, (_, n) =>
            t.viewer.patch(`/api/admin/newsletter-issues/${id}`, {
              topics: [`round-${round}-edit-${n}`],
            }),
          ),
        );
        expect(edits.map((e) => e.status)).toEqual(edits.map(() => 200));
        const stored = (await t.viewer.get(`/api/admin/newsletter-issues/${id}`)).json;
        const rows = (await t.viewer.get('/api/admin/newsletter-issues?pageSize=100')).json.items;
        expect(rows.find((r: { id: string }) => r.id === id).topics).toEqual(stored.topics);
      }
    } finally {
      await blobs.close();
    }
  });

  it('an issue deleted while an edit of it is still writing the list stays out of the list', async () => {
    const id = await draft(t.viewer, { subject: 'Deleted mid-edit' });
    // The edit's write of the list (after its write of the issue) is held while the delete runs.
    let recordWritten = false;
    const hold = holdFirstCall((call) => {
      if (call.startsWith('PUT ') && call.endsWith(`/issues/${id}`)) recordWritten = true;
      return recordWritten && /^PUT .*\/issue-index$/.test(call);
    });
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const editing = t.viewer.patch(`/api/admin/newsletter-issues/${id}`, { topics: [] });
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      expect((await t.viewer.delete(`/api/admin/newsletter-issues/${id}`)).status).toBe(204);
      hold.release();
      expect((await editing).status).toBe(200);
    } finally {
      hold.release();
      await blobs.close();
    }
    const rows = (await t.viewer.get('/api/admin/newsletter-issues?pageSize=100')).json.items;
    expect(rows.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it('bad input is a 400 with the field named', async () => {
    const res = await t.viewer.post('/api/admin/newsletter-issues', {
      subject: '',
      items: [{ collection: 'testimonials', id: 'x' }],
      topics: [],
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toHaveProperty('subject');
  });

  it('an editor cannot send unless an admin allows it; only admins change that', async () => {
    const id = await draft(t.viewer, { subject: 'Editor send' });
    const refused = await t.viewer.post(`/api/admin/newsletter-issues/${id}/send`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toContain('admin');
    expect(
      (await t.viewer.put('/api/admin/newsletter-settings', { editorsMaySendNewsletter: true }))
        .status,
    ).toBe(403);
    expect(
      (await t.admin.put('/api/admin/newsletter-settings', { editorsMaySendNewsletter: true }))
        .status,
    ).toBe(200);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await t.viewer.post(`/api/admin/newsletter-issues/${id}/send`, { at });
    expect(scheduled.status, scheduled.text).toBe(202);
    expect(scheduled.json).toMatchObject({ status: 'scheduled', scheduledAt: at });
    const cancelled = await t.viewer.post(`/api/admin/newsletter-issues/${id}/cancel`);
    expect(cancelled.json.status).toBe('draft');
    await t.admin.put('/api/admin/newsletter-settings', { editorsMaySendNewsletter: false });
  });

  it('a test copy goes to the user’s own verified address, or says there is none', async () => {
    const id = await draft(t.admin, { subject: 'Test copy' });
    const none = await t.admin.post(`/api/admin/newsletter-issues/${id}/test`);
    expect(none.status).toBe(400);
    expect(none.json.message).toContain('verified email address');
    const users = getStore({ name: 'users', consistency: 'strong' });
    const record = (await users.get('admin', { type: 'json' })) as Record<string, unknown>;
    await users.setJSON('admin', {
      ...record,
      email: 'admin@example.org',
      emailVerifiedAt: new Date().toISOString(),
    });
    const sent = await t.admin.post(`/api/admin/newsletter-issues/${id}/test`);
    expect(sent.status, sent.text).toBe(202);
    await t.site.platform.backgroundIdle();
    const [copy] = await mailTo(t.site.dataDir, 'admin@example.org');
    expect(copy?.parsed.subject).toBe('[Test] Test copy');
  });
});

describe('who receives an issue, and what each copy carries', () => {
  it('topics choose the audience; unsubscribed, suppressed, pending and erased addresses get nothing', async () => {
    await seedSubscribers([
      { email: 'aud-safety@example.org', topics: ['ai-safety'] },
      { email: 'aud-econ@example.org', topics: ['economics'] },
      { email: 'aud-all@example.org' },
      { email: 'aud-left@example.org', status: 'unsubscribed' },
      { email: 'aud-pending@example.org', status: 'pending' },
      { email: 'aud-suppressed@example.org' },
      { email: 'aud-erased@example.org' },
    ]);
    const { subscriptionId } = await import('../../src/server/visitors/newsletter');
    const { suppress } = await import('../../src/server/visitors/newsletter-suppression');
    await suppress(subscriptionId('aud-suppressed@example.org'));
    await getStore({ name: 'newsletter', consistency: 'strong' }).delete(
      subscriptionId('aud-erased@example.org'),
    );
    const id = await draft(t.admin, { subject: 'Safety notes', topics: ['ai-safety'] });
    const issue = await sendAndWait(id);
    expect(issue).toMatchObject({
      status: 'sent',
      counts: { recipients: 2, sent: 2, failed: 0, skipped: 0 },
    });
    expect((await sentTo('aud-')).sort()).toEqual([
      'aud-all@example.org',
      'aud-safety@example.org',
    ]);
  });

  it('each copy has its own one-click unsubscribe and preferences links, and every address is this site’s', async () => {
    const [mail] = await mailTo(t.site.dataDir, 'aud-safety@example.org');
    expect(mail).toBeDefined();
    const site = t.site.url;
    const oneClick = new URL(/^<(.+)>$/.exec(header(mail!, 'List-Unsubscribe') ?? '')![1]!);
    expect(oneClick.origin).toBe(site);
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail!, 'List-Id')).toMatch(/^Meridian newsletter <newsletter\.[\w.-]+>$/);
    const html = mail!.parsed.html as string;
    const text = mail!.parsed.text ?? '';
    const urls = [
      ...[...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')),
      ...(text.match(/https?:\/\/[^\s)]+/g) ?? []),
    ];
    expect(urls.length).toBeGreaterThan(3);
    for (const u of urls) expect(new URL(u).origin, u).toBe(site);
    expect(html).not.toContain('evil.example');
    expect(html).toContain('elsewhere'); // the words stay, the link does not
    const token = oneClick.searchParams.get('token')!;
    const prefs = urls.find((u) => u.includes('/newsletter/preferences'))!;
    expect(new URL(prefs).searchParams.get('token')).toBe(token);
    expect(urls).toContain(`${site}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`);
    const web = urls.find((u) => /\/newsletter\/safety-notes-\d{4}-\d{2}-\d{2}\?/.test(u))!;
    // Links to the site's pages say which issue they came from (the same for every reader), for
    // the site's visit count; images and the reader's own links do not.
    const slug = new URL(web).pathname.split('/').pop()!;
    expect(new URL(web).searchParams.get('ref')).toBe(slug);
    const pageLinks = [...html.matchAll(/href="([^"]+)"/g)]
      .map((m) => new URL(m[1]!.replace(/&amp;/g, '&')))
      .filter((u) => !/\/newsletter\/(unsubscribe|preferences)/.test(u.pathname));
    expect(pageLinks.length).toBeGreaterThan(1);
    for (const u of pageLinks) expect(u.searchParams.get('ref'), u.href).toBe(slug);
    for (const m of html.matchAll(/src="([^"]+)"/g)) expect(m[1]).not.toContain('ref=');
    // Another reader's copy carries another token.
    const [other] = await mailTo(t.site.dataDir, 'aud-all@example.org');
    expect(header(other!, 'List-Unsubscribe')).not.toContain(token);
    // The GET leads to the page; the mail app's POST unsubscribes.
    const page = await fetch(oneClick, { redirect: 'manual' });
    expect(page.status).toBe(303);
    const post = await fetch(oneClick, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
  });

  it('a sent issue cannot be sent, changed or deleted again (409)', async () => {
    const rows = (await t.admin.get('/api/admin/newsletter-issues')).json.items;
    const sent = rows.find((r: { status: string }) => r.status === 'sent');
    const again = await t.admin.post(`/api/admin/newsletter-issues/${sent.id}/send`);
    expect(again.status).toBe(409);
    expect(again.json.message).toContain('already been sent');
    expect(
      (await t.admin.patch(`/api/admin/newsletter-issues/${sent.id}`, { subject: 'x' })).status,
    ).toBe(409);
    expect((await t.admin.delete(`/api/admin/newsletter-issues/${sent.id}`)).status).toBe(409);
    expect(await sentTo('aud-')).toHaveLength(2);
  });
});

describe('a send that dies part-way', () => {
  it('600 recipients, the run dies after 300 messages: resumed, each has exactly one copy', async () => {
    await clearSubscribers();
    const list = addresses('kill', 600);
    await seedSubscribers(list.map((email) => ({ email })));
    const { SEND_TUNING } = await sender();
    SEND_TUNING.crashAfterMessages = 300;
    SEND_TUNING.leaseMs = 50;
    const id = await draft(t.admin, { subject: 'Kill test', topics: [] });
    const first = await sendAndWait(id);
    expect(first.status).toBe('sending');
    expect((await sentTo('kill-')).length).toBeGreaterThanOrEqual(300);
    expect((await sentTo('kill-')).length).toBeLessThan(600);
    SEND_TUNING.crashAfterMessages = Number.POSITIVE_INFINITY;
    const done = await resumeUntilSent(id);
    const got = await sentTo('kill-');
    expect(got).toHaveLength(600);
    expect(new Set(got).size).toBe(600);
    const counts = done.counts as Record<string, number>;
    expect(counts.recipients).toBe(600);
    // The messages in flight when the run died left, but their records could not say so: they
    // are counted as unknown and named to the admin, never sent twice.
    expect(counts.sent! + counts.unknown!).toBe(600);
    expect(counts.failed).toBe(0);
    expect(counts.unknown).toBeGreaterThanOrEqual(1);
    expect(counts.unknown).toBeLessThanOrEqual(SEND_TUNING.concurrency);
    const named = await unknownNamed(id);
    expect(named).toHaveLength(counts.unknown!);
    for (const email of named) expect(got.filter((to) => to === email)).toHaveLength(1);
  }, 120_000);

  it('the sender’s process is killed mid-send (SIGKILL): resumed, nobody has two copies and every gap is counted', async () => {
    await clearSubscribers();
    const list = addresses('sigkill', 300);
    await seedSubscribers(list.map((email) => ({ email })));
    const id = await draft(t.admin, { subject: 'Killed process' });
    // Sending, with no run started here: the process below is the one that sends, and dies.
    const { changeIssue } = await import('../../src/server/workflows/newsletter/issues');
    await changeIssue(id, (i) => ({
      ...i,
      status: 'sending',
      startedAt: new Date().toISOString(),
    }));
    const root = path.resolve(import.meta.dirname, '../..');
    // tsx as a loader in this very process (its CLI would run the script in a grandchild, which
    // a kill of the child would leave running). It is killed half-way, once 150 copies have left.
    const worker = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/send-worker.ts'], {
      cwd: root,
      env: { ...process.env, SEND_WORKER_LEASE_MS: '1000', SEND_WORKER_KILL_AFTER: '150' },
      stdio: 'ignore',
    });
    const [, signal] = (await once(worker, 'exit')) as [number | null, NodeJS.Signals | null];
    expect(signal).toBe('SIGKILL');
    const { SEND_TUNING } = await sender();
    const before = (await sentTo('sigkill-')).length;
    // The copies being written at the kill may be cut short, and read as no copy.
    expect(before).toBeGreaterThanOrEqual(150 - SEND_TUNING.concurrency);
    expect(before).toBeLessThan(300);
    await new Promise((r) => setTimeout(r, 1100)); // the dead run's lease runs out
    const done = await resumeUntilSent(id);
    const got = await sentTo('sigkill-');
    const copies = new Map<string, number>();
    for (const to of got) copies.set(to, (copies.get(to) ?? 0) + 1);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    const counts = done.counts as Record<string, number>;
    expect(counts.recipients).toBe(300);
    expect(counts.sent! + counts.unknown!).toBe(300);
    // Only messages in flight at the kill can be missing: each of those is counted as unknown and
    // named to the admin (which may also name one that did arrive, once).
    const named = await unknownNamed(id);
    expect(named).toHaveLength(counts.unknown!);
    expect(list.filter((email) => !copies.has(email)).every((e) => named.includes(e))).toBe(true);
    expect(counts.unknown).toBeLessThanOrEqual(SEND_TUNING.concurrency);
  }, 120_000);

  it('a provider that takes a copy and never answers: unknown and named; a refused copy: failed', async () => {
    await clearSubscribers();
    const [answered, silent, refused] = [
      'answered-0@example.org',
      'silent-0@example.org',
      'refused-0@example.org',
    ] as const;
    await seedSubscribers([answered, silent, refused].map((email) => ({ email })));
    const smtp = await startSmtpServer({
      refuse: 'No such mailbox',
      refuseOnly: (to) => to === refused,
      neverAnswer: (to) => to === silent,
    });
    const { DELIVERY_TIMEOUTS } = await import('../../src/server/outbound/mail-transport');
    const limits = { ...DELIVERY_TIMEOUTS };
    const env = { SMTP_URL: process.env.SMTP_URL, EMAIL_FROM: process.env.EMAIL_FROM };
    onTestFinished(async () => {
      Object.assign(DELIVERY_TIMEOUTS, limits);
      for (const [name, value] of Object.entries(env))
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      await smtp.close();
    });
    // The silent provider is given up on after a second instead of the real 25.
    DELIVERY_TIMEOUTS.overallMs = 1000;
    process.env.SMTP_URL = smtp.url;
    process.env.EMAIL_FROM = 'news@meridian.example';
    const id = await draft(t.admin, { subject: 'Silent provider' });
    const done = await sendAndWait(id);
    expect(done.status).toBe('sent');
    expect(done.counts).toMatchObject({ recipients: 3, sent: 1, failed: 1, unknown: 1 });
    expect(await unknownNamed(id)).toEqual([silent]);
    expect(smtp.received.map((m) => m.to && !Array.isArray(m.to) && m.to.text)).toEqual([answered]);
  }, 60_000);

  it('a reader who unsubscribes during a send gets nothing after that moment', async () => {
    await clearSubscribers();
    const list = addresses('mid', 40);
    await seedSubscribers(list.map((email) => ({ email })));
    const { subscriptionId } = await import('../../src/server/visitors/newsletter');
    // The audience is sent in key order: the last key is the last to be reached.
    const last = list
      .slice()
      .sort((a, b) => subscriptionId(a).localeCompare(subscriptionId(b)))[39]!;
    const { SEND_TUNING } = await sender();
    SEND_TUNING.crashAfterMessages = 5;
    SEND_TUNING.leaseMs = 50;
    const id = await draft(t.admin, { subject: 'Mid-send leave' });
    expect((await sendAndWait(id)).status).toBe('sending');
    const record = (await getStore({ name: 'newsletter', consistency: 'strong' }).get(
      subscriptionId(last),
      { type: 'json' },
    )) as { id: string; unsubscribeSecret: string };
    const left = await fetch(
      `${t.site.url}/api/newsletter/unsubscribe?token=${record.id}.${record.unsubscribeSecret}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(left.status).toBe(200);
    SEND_TUNING.crashAfterMessages = Number.POSITIVE_INFINITY;
    const done = await resumeUntilSent(id);
    expect(await mailTo(t.site.dataDir, last)).toHaveLength(0);
    expect((await sentTo('mid-')).length).toBe(39);
    expect((done.counts as Record<string, number>).skipped).toBe(1);
  }, 60_000);
});

describe('bounces and complaints', () => {
  const SECRET = 'a-webhook-secret-for-tests-0123456789';
  const hook = (body: unknown, auth: { bearer?: string; query?: string } = {}) =>
    fetch(`${t.site.url}/api/newsletter/bounces${auth.query ? `?secret=${auth.query}` : ''}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(auth.bearer ? { Authorization: `Bearer ${auth.bearer}` } : {}),
      },
      body: JSON.stringify(body),
    });

  it('a wrong secret is refused (401) and changes nothing; a hard bounce and a complaint suppress both addresses', async () => {
    process.env.NEWSLETTER_WEBHOOK_SECRET = SECRET;
    await clearSubscribers();
    await seedSubscribers([
      { email: 'bounce-hard@example.org' },
      { email: 'bounce-spam@example.org' },
    ]);
    const id = await draft(t.admin, { subject: 'Bounce test' });
    expect((await sendAndWait(id)).status).toBe('sent');
    const { subscriptionId } = await import('../../src/server/visitors/newsletter');
    const { isSuppressed } = await import('../../src/server/visitors/newsletter-suppression');
    const hard = { type: 'bounce', email: 'bounce-hard@example.org', permanent: true, issueId: id };
    expect((await hook(hard, { bearer: 'wrong-secret' })).status).toBe(401);
    expect((await hook(hard)).status).toBe(401);
    expect((await hook(hard, { query: 'wrong-secret' })).status).toBe(401);
    expect(await isSuppressed(subscriptionId('bounce-hard@example.org'))).toBe(false);
    const soft = { ...hard, permanent: false };
    expect((await (await hook(soft, { bearer: SECRET })).json()).suppressed).toBe(false);
    expect(await isSuppressed(subscriptionId('bounce-hard@example.org'))).toBe(false);
    const res = await hook(hard, { bearer: SECRET });
    expect(res.status).toBe(200);
    expect((await res.json()).suppressed).toBe(true);
    const postmark = {
      RecordType: 'SpamComplaint',
      MessageStream: 'broadcast',
      ID: 42,
      Type: 'SpamComplaint',
      Email: 'bounce-spam@example.org',
      Metadata: { issueId: id },
    };
    expect((await hook(postmark, { query: SECRET })).status).toBe(200);
    // A webhook delivered twice counts once.
    expect((await hook(postmark, { query: SECRET })).status).toBe(200);
    expect(await isSuppressed(subscriptionId('bounce-hard@example.org'))).toBe(true);
    expect(await isSuppressed(subscriptionId('bounce-spam@example.org'))).toBe(true);
    const issue = (await t.admin.get(`/api/admin/newsletter-issues/${id}`)).json;
    expect(issue.bounces).toEqual({ hard: 1, complaints: 1 });
    // The next issue reaches neither.
    const next = await draft(t.admin, { subject: 'After the bounces' });
    const after = await sendAndWait(next);
    expect(after.counts).toMatchObject({ recipients: 0, sent: 0 });
    expect(await sentTo('bounce-')).toHaveLength(2);
  });
});

describe('the background sender', () => {
  it('answers 202 at once with no body, as Netlify does for a background function', async () => {
    const res = await fetch(`${t.site.url}/api/newsletter/send-run`, { method: 'POST' });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    await t.site.platform.backgroundIdle();
  });
});

describe('a scheduled send', () => {
  it('starts at its time through the scheduled check, and the preview counted its audience', async () => {
    await clearSubscribers();
    await seedSubscribers(addresses('later', 3).map((email) => ({ email })));
    const id = await draft(t.admin, { subject: 'Sent later' });
    const preview = await t.admin.get(`/api/admin/newsletter-issues/${id}/preview`);
    expect(preview.json.recipients).toBeGreaterThanOrEqual(3);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const res = await t.admin.post(`/api/admin/newsletter-issues/${id}/send`, { at });
    expect(res.status).toBe(202);
    // Before its time the check leaves it alone.
    await t.site.platform.runScheduled('newsletter-send');
    await t.site.platform.backgroundIdle();
    expect((await t.admin.get(`/api/admin/newsletter-issues/${id}`)).json.status).toBe('scheduled');
    const { setClock } = await import('../helpers/clock');
    setClock(Date.parse(at) + 1000);
    await t.site.platform.runScheduled('newsletter-send');
    await t.site.platform.backgroundIdle();
    const sent = (await t.admin.get(`/api/admin/newsletter-issues/${id}`)).json;
    expect(sent).toMatchObject({ status: 'sent', counts: { recipients: 3, sent: 3 } });
    expect((await sentTo('later-')).sort()).toEqual(addresses('later', 3).sort());
    // The finished send is recorded in History, by the sender.
    const history = (await t.admin.get('/api/admin/history')).json;
    expect(JSON.stringify(history)).toContain('Sent “Sent later” to 3 subscribers');
  });
});
