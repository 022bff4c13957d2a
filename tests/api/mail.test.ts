import { getStore } from '@netlify/blobs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SITE } from '../../src/site.config';
import { useAdminSite } from '../helpers/admin-site';
import { countBlobCalls, holdFirstCall } from '../helpers/blobs-counter';
import { readOutbox, startSmtpServer } from '../helpers/mail';

// The one mail module: the local outbox, the SMTP transport against a real SMTP server, the queue's
// retries and the failures admins see, and a deployment with no provider at all.
const t = useAdminSite();
let mail: typeof import('../../src/server/outbound/mail-queue');
beforeAll(async () => {
  mail = await import('../../src/server/outbound/mail-queue');
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.SMTP_URL;
  delete process.env.EMAIL_FROM;
  process.env.MAIL_OUTBOX_DIR = `${t.site.dataDir}/outbox`;
});

const letter = (to: string) => ({
  kind: 'notification' as const,
  to,
  subject: 'A test message',
  paragraphs: ['First paragraph with <b>markup</b> & an ampersand.', 'Second paragraph.'],
  action: { label: 'Open the admin', url: 'https://meridian.example/admin' },
  footer: [{ text: 'Why you get this.' }],
});
const until = (check: () => Promise<boolean> | boolean, timeout = 20_000) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('timed out');
    },
    { timeout, interval: 50 },
  );
const queued = async () =>
  (await getStore({ name: 'mail', consistency: 'strong' }).list({ prefix: 'queue/' })).blobs.map(
    (b) => b.key,
  );

describe('the local outbox', () => {
  it('writes each message as one RFC 5322 .eml file with a text and an HTML part, from the site, with no image', async () => {
    await mail.sendMail(letter('reader@example.org'));
    await until(async () => (await readOutbox(t.site.dataDir)).length > 0);
    const [m] = await readOutbox(t.site.dataDir);
    expect(m!.raw).toMatch(/\r\n/);
    expect(m!.raw.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(m!.parsed.from?.value[0]).toEqual({ name: SITE.name, address: 'no-reply@localhost' });
    expect(m!.to).toBe('reader@example.org');
    expect(m!.parsed.subject).toBe('A test message');
    expect(m!.parsed.text).toContain('First paragraph with <b>markup</b> & an ampersand.');
    expect(m!.parsed.text).toContain('Open the admin: https://meridian.example/admin');
    expect(m!.parsed.html).toContain(
      'First paragraph with &lt;b&gt;markup&lt;/b&gt; &amp; an ampersand.',
    );
    expect(m!.parsed.html).toContain('href="https://meridian.example/admin"');
    // No tracking pixel: the HTML loads nothing.
    expect(m!.parsed.html).not.toMatch(/<img|src=|url\(/i);
    expect(m!.parsed.messageId).toBeTruthy();
    expect(await queued()).toEqual([]);
  });
});

describe('SMTP, the production path', () => {
  it('delivers through a real SMTP server, which reads the same message back', async () => {
    const server = await startSmtpServer();
    try {
      process.env.SMTP_URL = server.url;
      process.env.EMAIL_FROM = 'news@meridian.example';
      await mail.sendMail({
        ...letter('journalist@example.org'),
        replyTo: 'someone@example.net',
        headers: { 'X-Test': 'yes' },
      });
      await until(() => server.received.length > 0);
      const got = server.received[0]!;
      expect(got.from?.value[0]).toEqual({ name: SITE.name, address: 'news@meridian.example' });
      expect(got.replyTo?.value[0]?.address).toBe('someone@example.net');
      expect(got.headers.get('x-test')).toBe('yes');
      expect(got.text).toContain('Second paragraph.');
      expect(got.html).toContain('Second paragraph.');
      await until(async () => (await queued()).length === 0);
    } finally {
      await server.close();
    }
  });

  it('a refusing provider: the message is retried on schedule, then shown to admins as failed with the reason', async () => {
    const server = await startSmtpServer({ refuse: 'Mailbox unavailable' });
    try {
      process.env.SMTP_URL = server.url;
      process.env.EMAIL_FROM = 'news@meridian.example';
      await mail.sendMail(letter('bounce@example.org'));
      // The first attempt runs at once and fails; the message waits for its retry.
      await until(async () => {
        const keys = await queued();
        return (
          keys.length === 1 &&
          !!(
            await getStore({ name: 'mail', consistency: 'strong' }).get(keys[0]!, { type: 'json' })
          )?.lastError
        );
      });
      // A sweep before the retry is due sends nothing.
      expect(await (await t.site.platform.runScheduled('mail-queue')).json()).toMatchObject({
        sent: 0,
        retrying: 0,
      });
      let now = Date.now();
      for (let attempt = 2; attempt <= mail.MAX_ATTEMPTS; attempt++) {
        now += 3 * 3600_000;
        vi.useFakeTimers({ toFake: ['Date'], now });
        const run = await (await t.site.platform.runScheduled('mail-queue')).json();
        expect(run).toMatchObject(attempt < mail.MAX_ATTEMPTS ? { retrying: 1 } : { failed: 1 });
      }
      expect(await queued()).toEqual([]);
      vi.useRealTimers(); // sessions last 8 hours
      const overview = await t.admin.get('/api/admin/mail');
      expect(overview.status).toBe(200);
      expect(overview.json.failed.items).toHaveLength(1);
      const failed = overview.json.failed.items[0];
      expect(failed).toMatchObject({
        kind: 'notification',
        to: 'bounce@example.org',
        subject: 'A test message',
        attempts: mail.MAX_ATTEMPTS,
      });
      expect(failed.lastError).toContain('Mailbox unavailable');
      const summary = await t.admin.get('/api/admin/summary');
      expect(summary.json.mail).toMatchObject({ mode: 'smtp', failed: 1 });
      // Editors see that mail works, not whom it failed for.
      expect((await t.viewer.get('/api/admin/summary')).json.mail.failed).toBeNull();
      expect((await t.viewer.get('/api/admin/mail')).status).toBe(403);

      // Once the provider takes mail again, an admin's retry delivers it.
      const working = await startSmtpServer();
      process.env.SMTP_URL = working.url;
      try {
        const retried = await t.admin.post(`/api/admin/mail/${failed.id}/retry`);
        expect(retried.status).toBe(200);
        await until(() => working.received.length === 1);
        expect((await t.admin.get('/api/admin/mail')).json.failed.items).toEqual([]);
      } finally {
        await working.close();
      }
      expect((await t.admin.post(`/api/admin/mail/${failed.id}/retry`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('a failed delivery retried', () => {
  it('by two admins at once reaches its reader once', async () => {
    // A message that gave up after its last attempt, as the queue keeps it for admins.
    const now = Date.now();
    const id = `${String(now).padStart(13, '0')}-${crypto.randomUUID()}`;
    const { newestFirstKey } = await import('../../src/server/storage/keys');
    await getStore({ name: 'mail', consistency: 'strong' }).setJSON(
      `failed/${newestFirstKey(now, id)}`,
      {
        id,
        kind: 'notification',
        to: 'twice@example.org',
        subject: 'Retried once',
        text: 'Hello',
        html: '<p>Hello</p>',
        headers: {},
        createdAt: new Date(now).toISOString(),
        attempts: mail.MAX_ATTEMPTS,
        nextAttemptAt: new Date(now).toISOString(),
        lastError: 'Mailbox unavailable',
        failedAt: new Date(now).toISOString(),
      },
    );
    const [failed] = (await t.admin.get('/api/admin/mail')).json.failed.items;
    expect(failed).toMatchObject({ to: 'twice@example.org' });
    const server = await startSmtpServer();
    process.env.SMTP_URL = server.url;
    process.env.EMAIL_FROM = 'news@meridian.example';
    // The first admin's retry waits before it takes the message off the failed list; the second
    // admin's retry runs whole meanwhile.
    const hold = holdFirstCall((call) => /^DELETE .*:mail\/failed\//.test(call));
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const first = t.admin.post(`/api/admin/mail/${failed.id}/retry`);
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      expect((await t.admin.post(`/api/admin/mail/${failed.id}/retry`)).status).toBe(200);
      hold.release();
      expect((await first).status).toBe(200);
      await t.site.platform.backgroundIdle();
      await t.site.platform.runScheduled('mail-queue');
      await t.site.platform.backgroundIdle();
      expect(server.received.map((m) => m.subject)).toEqual(['Retried once']);
      expect(await queued()).toEqual([]);
      expect((await t.admin.get('/api/admin/mail')).json.failed.items).toEqual([]);
    } finally {
      hold.release();
      await blobs.close();
      await server.close();
    }
  });
});

describe('no provider (Netlify without SMTP_URL)', () => {
  it('sends and queues nothing, and the dashboard says email is not set up', async () => {
    delete process.env.MAIL_OUTBOX_DIR;
    const before = (await readOutbox(t.site.dataDir)).length;
    await mail.sendMail(letter('nobody@example.org'));
    expect(await queued()).toEqual([]);
    expect((await readOutbox(t.site.dataDir)).length).toBe(before);
    for (const who of [t.admin, t.viewer]) {
      const summary = await who.get('/api/admin/summary');
      expect(summary.json.mail.mode).toBe('off');
      expect(summary.json.mail.detail).toContain(
        'Email is not set up: confirmations and notifications are not being sent',
      );
    }
  });
});
