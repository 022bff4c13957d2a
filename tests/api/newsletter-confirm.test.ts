import net from 'node:net';
import { getStore } from '@netlify/blobs';
import Papa from 'papaparse';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { CONSENT_WORDINGS, CURRENT_CONSENT } from '../../src/schemas/newsletter-consent';
import { settingText } from '../../src/schemas/site-settings';
import { useAdminSite } from '../helpers/admin-site';
import { countBlobCalls, holdFirstCall } from '../helpers/blobs-counter';
import { linkIn, mailTo, newestMailTo, signUpAndConfirm } from '../helpers/mail';
import { exportCsv } from '../helpers/exports';

// Double opt-in: a signup is pending until the emailed link is used (with one click on its page);
// only confirmed subscriptions count, show and are exported; links are single-use and expire.
const t = useAdminSite();
afterEach(() => {
  vi.useRealTimers();
  delete process.env.SMTP_URL;
  delete process.env.EMAIL_FROM;
});

const signUp = (email: string, extra: Record<string, unknown> = {}) =>
  t.anon.post('/api/newsletter', { email, ...extra });
const confirm = (token: unknown) => t.anon.post('/api/newsletter/confirm', { token });
const tokenOf = async (email: string) =>
  linkIn(await newestMailTo(t.site, email), '/newsletter/confirm').searchParams.get('token')!;
const emails = (res: { json: { items: { email: string }[] } }) =>
  res.json.items.map((s) => s.email);
const exported = async () =>
  Papa.parse<Record<string, string>>(
    (await exportCsv(t.site, t.admin, { kind: 'subscribers' })).csv,
    { header: true, skipEmptyLines: true },
  ).data;
/** Signs `email` up, confirms it and unsubscribes it through the emailed links; answers its id. */
const unsubscribed = async (email: string) => {
  await signUpAndConfirm(t.site, email);
  const { subscriptionId } = await import('../../src/server/visitors/newsletter');
  await t.anon.post('/api/newsletter/unsubscribe-link', { email });
  const token = linkIn(
    await newestMailTo(t.site, email),
    '/newsletter/unsubscribe',
  ).searchParams.get('token');
  expect((await t.anon.post('/api/newsletter/unsubscribe', { token })).status).toBe(200);
  return subscriptionId(email);
};
/** The confirmation emails sent to `email` so far, once the mail handed over is delivered. */
const confirmationsTo = async (email: string) => {
  await t.site.platform.backgroundIdle();
  return (await mailTo(t.site.dataDir, email)).filter((m) =>
    m.parsed.subject?.includes('Confirm your subscription'),
  );
};
const record = async (email: string) => {
  const { subscriptionId } = await import('../../src/server/visitors/newsletter');
  return getStore({ name: 'newsletter', consistency: 'strong' }).get(subscriptionId(email), {
    type: 'json',
  });
};

describe('signup → pending → confirmed', () => {
  it('records a pending signup with its consent, emails a one-click link, and counts it only once confirmed', async () => {
    const res = await signUp('Reader@Example.org', {
      page: '/team',
      form: 'popup',
      consent: CURRENT_CONSENT,
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ message: 'Check your inbox to confirm your subscription' });

    const mail = await newestMailTo(t.site, 'reader@example.org');
    expect(mail.parsed.subject).toContain('Confirm your subscription');
    const link = linkIn(mail, '/newsletter/confirm');
    expect(link.origin).toBe(t.site.url);
    expect(mail.parsed.html).toContain(link.href.replace(/&/g, '&amp;'));

    // Pending: listed apart, not counted, not exported.
    expect(emails(await t.admin.get('/api/admin/subscriptions?status=pending'))).toEqual([
      'reader@example.org',
    ]);
    expect((await t.admin.get('/api/admin/subscriptions')).json.total).toBe(0);
    expect((await t.admin.get('/api/admin/summary')).json.subscribers).toBe(0);
    expect(await exported()).toEqual([]);

    const done = await confirm(link.searchParams.get('token'));
    expect(done.status).toBe(200);
    expect(done.json.message).toContain('confirmed');

    const listed = await t.admin.get('/api/admin/subscriptions');
    expect(emails(listed)).toEqual(['reader@example.org']);
    expect(listed.json.items[0]).toMatchObject({
      status: 'confirmed',
      source: '/team',
      form: 'popup',
      consent: CURRENT_CONSENT,
    });
    expect(Date.parse(listed.json.items[0].confirmedAt)).toBeGreaterThanOrEqual(
      Date.parse(listed.json.items[0].requestedAt),
    );
    expect(listed.json.items[0]).not.toHaveProperty('confirmTokenHash');
    expect((await t.admin.get('/api/admin/subscriptions?status=pending')).json.total).toBe(0);
    expect((await t.admin.get('/api/admin/summary')).json.subscribers).toBe(1);
    expect((await exported()).map((r) => r.email)).toEqual(['reader@example.org']);
    expect(CONSENT_WORDINGS[CURRENT_CONSENT]).toContain('confirm');
  });

  it('a used, forged, malformed or missing token is a 4xx that changes nothing', async () => {
    await signUp('twice@example.org');
    const token = await tokenOf('twice@example.org');
    const [id] = token.split('.');
    const forged = `${id}.${'A'.repeat(43)}`;
    const before = await record('twice@example.org');
    for (const bad of [forged, 'nonsense', `${'0'.repeat(64)}.${'A'.repeat(43)}`, '']) {
      const res = await confirm(bad);
      expect(res.status, bad).toBe(410);
      expect(res.json.message).toContain('not valid');
    }
    for (const bad of [undefined, 42, 'x'.repeat(500)])
      expect((await confirm(bad)).status).toBe(400);
    expect(await record('twice@example.org')).toEqual(before);

    expect((await confirm(token)).status).toBe(200);
    const after = await record('twice@example.org');
    const used = await confirm(token);
    expect(used.status).toBe(410);
    expect(await record('twice@example.org')).toEqual(after);
  });

  it('a repeat signup reveals nothing: a pending address gets a fresh link (at most every 10 minutes), a confirmed one gets nothing', async () => {
    await signUp('again@example.org');
    const first = await tokenOf('again@example.org');
    const again = await signUp('AGAIN@example.org ');
    expect(again.status).toBe(201);
    expect(again.json).toEqual({ message: 'Check your inbox to confirm your subscription' });
    await t.site.platform.backgroundIdle();
    expect(await mailTo(t.site.dataDir, 'again@example.org')).toHaveLength(1);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 });
    await signUp('again@example.org');
    const second = await tokenOf('again@example.org');
    expect(second).not.toBe(first);
    expect(await mailTo(t.site.dataDir, 'again@example.org')).toHaveLength(2);
    // The newest link works; the one it replaced does not.
    expect((await confirm(first)).status).toBe(410);
    expect((await confirm(second)).status).toBe(200);

    const confirmedAgain = await signUp('again@example.org');
    expect(confirmedAgain.json).toEqual({
      message: 'Check your inbox to confirm your subscription',
    });
    await t.site.platform.backgroundIdle();
    // The two confirmation emails and the welcome email; nothing more. (In any order: the outbox
    // names files by the queue's clock, which this test holds still, so two can share a millisecond.)
    const subjects = (await mailTo(t.site.dataDir, 'again@example.org')).map(
      (m) => m.parsed.subject ?? '',
    );
    expect(
      subjects
        .map((s) => (s.includes('Welcome') ? 'welcome' : s.includes('Confirm') ? 'confirm' : s))
        .sort(),
    ).toEqual(['confirm', 'confirm', 'welcome']);
  });

  it('a link works for 7 days; then the signup is no longer listed, cannot be confirmed, and the hourly sweep forgets it', async () => {
    // Clocks only move forward: start after the time an earlier test moved to.
    const start = Date.now() + 20 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    await signUp('late@example.org');
    const token = await tokenOf('late@example.org');
    vi.setSystemTime(start + 7 * 86_400_000 - 60_000);
    const { listSubscriptions } = await import('../../src/server/visitors/newsletter');
    const pending = async () =>
      (await listSubscriptions({ page: 1, pageSize: 100, q: '' }, 'pending')).items.map(
        (s) => s.email,
      );
    expect(await pending()).toContain('late@example.org');
    vi.setSystemTime(start + 7 * 86_400_000 + 60_000);
    expect(await pending()).not.toContain('late@example.org');
    expect((await confirm(token)).status).toBe(410);
    expect((await record('late@example.org')) as { status: string }).toMatchObject({
      status: 'pending',
    });
    const run = await (await t.site.platform.runScheduled('newsletter-expiry')).json();
    expect(run.forgotten).toBeGreaterThanOrEqual(1);
    expect(await record('late@example.org')).toBeNull();
    vi.useRealTimers();
    expect(
      emails(await t.admin.get('/api/admin/subscriptions?status=pending&pageSize=100')),
    ).not.toContain('late@example.org');
  });

  it('refuses consent records it cannot trust: an unknown wording version, a foreign page, an unknown form', async () => {
    for (const extra of [{ consent: 'v0' }, { page: 'https://evil.example/' }, { form: 'api' }]) {
      expect((await signUp('odd@example.org', extra)).status).toBe(400);
    }
    expect(await record('odd@example.org')).toBeNull();
  });
});

describe('the privacy notice', () => {
  it('says what a signup does, and each claim holds', async () => {
    // What /privacy shows: the stored setting, else its built-in wording.
    const notice = settingText(
      (await t.anon.get('/api/site-settings')).json,
      'privacyNewsletterDescription',
    );
    // "subscribed only once you confirm through the link we email you"
    expect(notice).toContain('subscribed only once you confirm through the link we email you');
    await signUp('notice@example.org', {
      page: '/privacy',
      form: 'inline',
      consent: CURRENT_CONSENT,
    });
    const token = await tokenOf('notice@example.org');
    expect(emails(await t.admin.get('/api/admin/subscriptions?q=notice'))).toEqual([]);
    expect((await confirm(token)).status).toBe(200);
    // "we keep ... when you signed up and confirmed, the page and form you used and the wording shown beside it"
    const [kept] = (await t.admin.get('/api/admin/subscriptions?q=notice')).json.items;
    expect(kept).toMatchObject({
      email: 'notice@example.org',
      source: '/privacy',
      form: 'inline',
      consent: CURRENT_CONSENT,
      confirmedAt: expect.any(String),
      requestedAt: expect.any(String),
    });
    // "a signup that is not confirmed is deleted after 7 days" (the sweep itself is exercised above)
    const { PENDING_DAYS } = await import('../../src/schemas/newsletter-consent');
    expect(notice).toContain(`not confirmed is deleted after ${PENDING_DAYS} days`);
    // "Every newsletter email has a link that unsubscribes you with one click": every message since
    // the confirmation (the welcome email so far) carries the one-click headers and the footer link.
    expect(notice).toContain(
      'Every newsletter email has a link that unsubscribes you with one click',
    );
    await t.site.platform.backgroundIdle();
    const newsletters = (await mailTo(t.site.dataDir, 'notice@example.org')).filter(
      (m) => !m.parsed.subject?.startsWith('Confirm'),
    );
    expect(newsletters.map((m) => m.parsed.subject)).toEqual([expect.stringContaining('Welcome')]);
    for (const m of newsletters) {
      expect(m.parsed.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      );
      expect(linkIn(m, '/newsletter/unsubscribe').searchParams.get('token')).toBeTruthy();
    }
    const oneClick = /<(.+)>/.exec(
      newsletters[0]!.parsed.headerLines
        .find((h) => h.key === 'list-unsubscribe')!
        .line.replace(/\r?\n[ \t]+/g, ' '),
    )![1]!;
    const form = {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    };
    expect((await fetch(oneClick, form)).status).toBe(200);
    // "When you unsubscribe we stop at once": off the list and the export at once.
    expect(notice).toContain('When you unsubscribe we stop at once');
    expect(emails(await t.admin.get('/api/admin/subscriptions?q=notice'))).toEqual([]);
    expect((await exported()).map((r) => r.email)).not.toContain('notice@example.org');
    // "you can also unsubscribe on our unsubscribe page with just your address": it answers, and
    // (now that the address has left) sends nothing; a subscriber's request is exercised in newsletter-unsubscribe.test.ts.
    expect(notice).toContain('unsubscribe on our unsubscribe page with just your address');
    expect(
      (await t.anon.post('/api/newsletter/unsubscribe-link', { email: 'notice@example.org' }))
        .status,
    ).toBe(200);
    // "we never add your address back unless you sign up and confirm again ... even once it is deleted"
    expect(notice).toContain('we never add your address back unless you sign up and confirm again');
    const { importSubscriptions } = await import('../../src/server/visitors/newsletter');
    const [left] = (await t.admin.get('/api/admin/subscriptions?status=unsubscribed&q=notice')).json
      .items;
    expect((await t.admin.delete(`/api/admin/subscriptions/${left.id}`)).status).toBe(200);
    expect(
      await importSubscriptions([
        { email: 'notice@example.org', createdAt: new Date().toISOString() },
      ]),
    ).toBe(0);
    expect(emails(await t.admin.get('/api/admin/subscriptions?q=notice'))).toEqual([]);
    await signUp('notice@example.org', {
      page: '/privacy',
      form: 'inline',
      consent: CURRENT_CONSENT,
    });
    expect((await confirm(await tokenOf('notice@example.org'))).status).toBe(200);
    expect(emails(await t.admin.get('/api/admin/subscriptions?q=notice'))).toEqual([
      'notice@example.org',
    ]);
    // "You can ask us to remove your address at any time": an admin's delete takes it off the list and the export.
    expect(notice).toContain('remove your address at any time');
    expect((await t.admin.delete(`/api/admin/subscriptions/${kept.id}`)).status).toBe(200);
    expect(emails(await t.admin.get('/api/admin/subscriptions?q=notice'))).toEqual([]);
    expect((await exported()).map((r) => r.email)).not.toContain('notice@example.org');
    // The words beside the forms promise no more than this.
    expect(CONSENT_WORDINGS[CURRENT_CONSENT]).not.toMatch(/unsubscribe link/i);
  });
});

describe('a provider that hangs or refuses', () => {
  it('does not slow the signup; the confirmation is retried, then shown to admins as failed', async () => {
    const baseline = Date.now();
    await signUp('baseline@example.org');
    const usual = Date.now() - baseline;
    await t.site.platform.backgroundIdle();

    // Accepts connections and never says a word, as a hung provider does.
    const sockets = new Set<net.Socket>();
    const hung = net.createServer((s) => sockets.add(s));
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', r));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(hung.address() as net.AddressInfo).port}`;
    process.env.EMAIL_FROM = 'news@meridian.example';
    // The silent provider is given up on after half a second instead of the real ten.
    const { DELIVERY_TIMEOUTS } = await import('../../src/server/outbound/mail-transport');
    const limits = { ...DELIVERY_TIMEOUTS };
    onTestFinished(() => void Object.assign(DELIVERY_TIMEOUTS, limits));
    DELIVERY_TIMEOUTS.connectionMs = 500;
    const started = Date.now();
    const res = await signUp('patient@example.org');
    const took = Date.now() - started;
    expect(res.status).toBe(201);
    expect(took).toBeLessThan(Math.max(1000, usual * 3));

    // The first attempt gives up on the silent provider after its timeout; the message waits.
    await t.site.platform.backgroundIdle();
    const queue = getStore({ name: 'mail', consistency: 'strong' });
    const waiting = (await queue.list({ prefix: 'queue/' })).blobs;
    expect(waiting).toHaveLength(1);
    expect(
      (
        (await queue.get(waiting[0]!.key, { type: 'json' })) as {
          attempts: number;
          lastError: string;
        }
      ).attempts,
    ).toBe(1);

    // Then the provider refuses connections outright: every retry fails, and the last one gives up.
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => hung.close(() => r()));
    const { MAX_ATTEMPTS } = await import('../../src/server/outbound/mail-queue');
    let now = Date.now();
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      now += 3 * 3600_000;
      vi.useFakeTimers({ toFake: ['Date'], now });
      await t.site.platform.runScheduled('mail-queue');
    }
    vi.useRealTimers();
    const failed = (await t.admin.get('/api/admin/mail')).json.failed.items;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      kind: 'newsletter-confirm',
      to: 'patient@example.org',
      attempts: MAX_ATTEMPTS,
    });
    expect(failed[0].lastError).toMatch(/ECONNREFUSED|connect/i);
    expect((await t.admin.get('/api/admin/summary')).json.mail.failed).toBe(1);
  }, 90_000);
});

describe("the newsletter's emails", () => {
  it('say what the site settings say, around the facts the site writes itself', async () => {
    const words = {
      newsletterConfirmMailSubject: 'One click to the Briefing',
      newsletterConfirmMailText: 'You asked for the Briefing, our monthly letter.',
      newsletterWelcomeMailSubject: 'The Briefing: welcome',
      newsletterWelcomeMailText: 'Expect one letter a month, on the first Monday.',
      newsletterUnsubscribeMailSubject: 'Leaving the Briefing',
      newsletterUnsubscribeMailText: 'You asked to stop the Briefing.',
    };
    expect((await t.admin.patch('/api/site-settings', words)).status).toBe(200);
    onTestFinished(async () => {
      const reset = Object.fromEntries(Object.keys(words).map((k) => [k, '']));
      expect((await t.admin.patch('/api/site-settings', reset)).status).toBe(200);
    });
    const email = 'briefing@example.org';
    await signUp(email);
    const confirmation = await newestMailTo(t.site, email);
    expect(confirmation.parsed.subject).toBe(words.newsletterConfirmMailSubject);
    expect(confirmation.parsed.text).toContain(words.newsletterConfirmMailText);
    // The facts stay the site's own: the link and how long it works.
    expect(confirmation.parsed.text).toContain('The link works for 7 days.');

    expect((await confirm(await tokenOf(email))).status).toBe(200);
    await t.site.platform.backgroundIdle();
    const welcome = await newestMailTo(t.site, email);
    expect(welcome.parsed.subject).toBe(words.newsletterWelcomeMailSubject);
    expect(welcome.parsed.text).toContain(words.newsletterWelcomeMailText);

    expect((await t.anon.post('/api/newsletter/unsubscribe-link', { email })).status).toBe(200);
    await t.site.platform.backgroundIdle();
    const leaving = await newestMailTo(t.site, email);
    expect(leaving.parsed.subject).toBe(words.newsletterUnsubscribeMailSubject);
    expect(leaving.parsed.text).toContain(words.newsletterUnsubscribeMailText);
  });
});

describe('a double submit of the signup form', () => {
  it('of an address that unsubscribed sends one confirmation email, whose link works', async () => {
    const id = await unsubscribed('doublesubmit@example.org');
    const confirmations = () => confirmationsTo('doublesubmit@example.org');
    const before = (await confirmations()).length;

    // The first submit waits at its new link's write while the second one is answered whole.
    const hold = holdFirstCall(
      (call) => call.startsWith('PUT ') && call.endsWith(`:newsletter/${id}`),
    );
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const first = signUp('doublesubmit@example.org');
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      expect((await signUp('doublesubmit@example.org')).status).toBe(201);
      await t.site.platform.backgroundIdle();
      hold.release();
      expect((await first).status).toBe(201);
    } finally {
      hold.release();
      await blobs.close();
    }
    const sent = (await confirmations()).slice(before);
    expect(sent).toHaveLength(1);
    expect(
      (await confirm(linkIn(sent[0]!, '/newsletter/confirm').searchParams.get('token'))).status,
    ).toBe(200);
  });

  it('whose record is deleted while it is renewed (the expiry sweep, an erasure) stores a new one, and its link works', async () => {
    const email = 'swept-meanwhile@example.org';
    const id = await unsubscribed(email);
    const confirmations = () => confirmationsTo(email);
    const before = (await confirmations()).length;
    // The signup waits at its new link's write while the record is deleted.
    const hold = holdFirstCall(
      (call) => call.startsWith('PUT ') && call.endsWith(`:newsletter/${id}`),
    );
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const again = signUp(email);
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      await getStore({ name: 'newsletter', consistency: 'strong' }).delete(id);
      hold.release();
      expect((await again).status).toBe(201);
      // Its confirmation is handed over while the proxy still stands.
      await t.site.platform.backgroundIdle();
    } finally {
      hold.release();
      await blobs.close();
    }
    expect(await record(email)).toMatchObject({ status: 'pending' });
    const sent = (await confirmations()).slice(before);
    expect(sent).toHaveLength(1);
    const token = linkIn(sent[0]!, '/newsletter/confirm').searchParams.get('token');
    expect((await confirm(token)).status).toBe(200);
    expect(await record(email)).toMatchObject({ status: 'confirmed' });
  });
});
