import { getStore } from '@netlify/blobs';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startAdminSite, type AdminSite } from '../helpers/admin-site';
import { countBlobCalls } from '../helpers/blobs-counter';
import { readOutbox, type ReadMail } from '../helpers/mail';

// Notifications to the team, read back from the outbox as delivered: batched per kind in 15-minute
// windows (a burst of 1,000 contact messages is one email), each user's choices, the shared inbox,
// Reply-To for a single contact message, and which role hears about what.
let t: AdminSite;
const WINDOW = 15 * 60_000;
// Windows a little in the future, one per test, in order: the clock only moves forward.
const base = Math.floor(Date.now() / WINDOW) * WINDOW + WINDOW;
const ADMIN = 'admin@meridian.example';
const EDITOR = 'editor@meridian.example';
const SHARED = 'press@meridian.example';

/** Gives a signed-up user a verified address, as My account does once its link is followed. */
async function giveVerifiedAddress(username: string, email: string) {
  const store = getStore({ name: 'users', consistency: 'strong' });
  const raw = (await store.get(username, { type: 'json' })) as Record<string, unknown>;
  await store.setJSON(username, { ...raw, email, emailVerifiedAt: new Date().toISOString() });
}

beforeAll(async () => {
  t = await startAdminSite();
  await giveVerifiedAddress('admin', ADMIN);
  await giveVerifiedAddress('viewer', EDITOR);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const at = (ms: number) => {
  vi.useFakeTimers({ toFake: ['Date'], now: ms });
};
const contact = (email: string, name = 'Ada Lovelace') =>
  t.anon.post('/api/contact', {
    name,
    email,
    subject: 'media',
    message: 'A question about your latest report.',
  });
/** Runs the digest as its schedule would, and waits for the mail it queued to be written. */
async function digest(): Promise<{ windows: number; sent: number; failed: number }> {
  await t.site.platform.backgroundIdle();
  const run = await (await t.site.platform.runScheduled('notify-digest')).json();
  await t.site.platform.backgroundIdle();
  return run;
}
const notificationsTo = async (address: string): Promise<ReadMail[]> =>
  (await readOutbox(t.site.dataDir)).filter((m) => m.to === address);
const markers = async (kind: string) =>
  (await getStore({ name: 'mail', consistency: 'strong' }).list({ prefix: `notify/${kind}/` }))
    .blobs;

describe('contact message notifications', () => {
  it('sends one email for a burst of 1,000 messages, then one for the next window, with Reply-To for a single message', async () => {
    at(base + 60_000);
    let next = 0;
    const worker = async () => {
      while (next < 1000) {
        const i = next++;
        expect((await contact(`sender${i}@example.org`)).status).toBe(201);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    await t.site.platform.backgroundIdle();
    // The burst left one marker for its window, whatever its size.
    expect(await markers('contact')).toHaveLength(1);

    // The next window starts with one message; the first window is not over until its grace minute.
    at(base + WINDOW + 30_000);
    expect((await contact('journalist@example.org', 'Jo Reporter')).status).toBe(201);
    expect(await digest()).toEqual({ windows: 0, sent: 0, failed: 0 });
    expect(await notificationsTo(ADMIN)).toHaveLength(0);

    at(base + WINDOW + 61_000);
    expect(await digest()).toEqual({ windows: 1, sent: 1, failed: 0 });
    const [first, ...others] = await notificationsTo(ADMIN);
    expect(others).toHaveLength(0);
    expect(first!.parsed.subject).toBe('1,000 new contact messages');
    expect(first!.parsed.text).toContain('1,000 contact messages arrived between');
    // The first few are quoted (who wrote, how they began); the rest are counted.
    expect(first!.parsed.text).toContain(
      'Ada Lovelace wrote:\n> A question about your latest report.',
    );
    expect(first!.parsed.text).toContain('…and 995 more.');
    expect(first!.parsed.text).toMatch(/Open the inbox: http:\/\/\S+\/admin\/contact-forms/);
    // A reply to a digest of many would reach only one of them: no Reply-To.
    expect(first!.parsed.replyTo).toBeUndefined();
    // Contact messages are personal data: editors are not told.
    expect(await notificationsTo(EDITOR)).toHaveLength(0);
    expect(await digest()).toEqual({ windows: 0, sent: 0, failed: 0 });

    at(base + 2 * WINDOW + 61_000);
    expect(await digest()).toEqual({ windows: 1, sent: 1, failed: 0 });
    const second = (await notificationsTo(ADMIN)).find((m) => m.file !== first!.file)!;
    expect(second.parsed.subject).toBe('1 new contact message');
    expect(second.parsed.text).toContain('Replying to this email writes to its sender.');
    expect(second.parsed.text).toContain(
      'Jo Reporter wrote:\n> A question about your latest report.',
    );
    expect(second.parsed.replyTo?.value[0]?.address).toBe('journalist@example.org');
    expect(await notificationsTo(ADMIN)).toHaveLength(2);
  });

  it('sends nothing to a user who turned contact messages off, and goes to the shared inbox an admin sets', async () => {
    const choices = await t.admin.put('/api/account/notifications', { contact: false });
    expect(choices.status).toBe(200);
    expect(choices.json.choices).toContainEqual({
      kind: 'contact',
      label: 'New contact messages',
      on: false,
    });
    expect(choices.json.address).toBe(ADMIN);
    const before = (await notificationsTo(ADMIN)).length;

    at(base + 4 * WINDOW + 60_000);
    expect((await contact('someone@example.org')).status).toBe(201);
    at(base + 5 * WINDOW + 61_000);
    expect(await digest()).toEqual({ windows: 1, sent: 0, failed: 0 });
    expect(await notificationsTo(ADMIN)).toHaveLength(before);

    expect((await t.viewer.put('/api/admin/notifications', { sharedInbox: SHARED })).status).toBe(
      403,
    );
    const bad = await t.admin.put('/api/admin/notifications', { sharedInbox: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.sharedInbox).toBe('Please enter a valid email address');
    expect((await t.admin.put('/api/admin/notifications', {})).json.fields.sharedInbox).toBe(
      'Send sharedInbox: an email address, or empty for none',
    );
    expect((await t.admin.put('/api/admin/notifications', { sharedInbox: SHARED })).json).toEqual({
      sharedInbox: SHARED,
    });
    expect((await t.admin.get('/api/admin/notifications')).json).toEqual({ sharedInbox: SHARED });

    at(base + 6 * WINDOW + 60_000);
    expect((await contact('another@example.org', 'Al Another')).status).toBe(201);
    at(base + 7 * WINDOW + 61_000);
    expect(await digest()).toEqual({ windows: 1, sent: 1, failed: 0 });
    const [shared] = await notificationsTo(SHARED);
    expect(shared!.parsed.subject).toBe('1 new contact message');
    expect(shared!.parsed.replyTo?.value[0]?.address).toBe('another@example.org');
    expect(shared!.parsed.text).toContain('shared inbox for contact messages');
    expect(await notificationsTo(ADMIN)).toHaveLength(before);

    expect(
      (await t.admin.put('/api/account/notifications', { contact: true })).json.choices,
    ).toContainEqual({ kind: 'contact', label: 'New contact messages', on: true });
  });

  it('offers each role only what it may receive, and refuses the rest', async () => {
    const editor = await t.viewer.get('/api/account/notifications');
    expect(editor.json.choices.map((c: { kind: string }) => c.kind)).toEqual([
      'testimonial',
      'build-failed',
      'release-at-risk',
      'proposal',
      'proposal-outcome',
    ]);
    expect(editor.json.address).toBe(EDITOR);
    const refused = await t.viewer.put('/api/account/notifications', { contact: true });
    expect(refused.status).toBe(400);
    expect((await t.viewer.put('/api/account/notifications', { testimonial: 'yes' })).status).toBe(
      400,
    );
    const empty = await t.viewer.put('/api/account/notifications', {});
    expect([empty.status, empty.json.message]).toEqual([
      400,
      'Send at least one of contact, testimonial, build-failed, release-at-risk, proposal, proposal-outcome, true or false',
    ]);
    expect((await t.anon.get('/api/account/notifications')).status).toBe(401);
  });
});

describe('testimonial and build notifications', () => {
  it('tells editors and admins about testimonials awaiting review, not the shared inbox', async () => {
    const [admin, editor, shared] = (await Promise.all(
      [ADMIN, EDITOR, SHARED].map(async (a) => (await notificationsTo(a)).length),
    )) as [number, number, number];
    at(base + 8 * WINDOW + 60_000);
    for (const name of ['Grace Hopper', 'Alan Turing'])
      expect(
        (await t.anon.post('/api/testimonials', { name, content: 'A fine institute.', rating: 5 }))
          .status,
      ).toBe(201);
    at(base + 9 * WINDOW + 61_000);
    expect(await digest()).toEqual({ windows: 1, sent: 2, failed: 0 });
    for (const [address, count] of [
      [ADMIN, admin],
      [EDITOR, editor],
    ] as const) {
      const mails = await notificationsTo(address);
      expect(mails).toHaveLength(count + 1);
      expect(mails.at(-1)!.parsed.subject).toBe('2 testimonials await review');
      expect(mails.at(-1)!.parsed.text).toContain('Grace Hopper wrote:\n> A fine institute.');
      expect(mails.at(-1)!.parsed.text).toContain('Alan Turing wrote:\n> A fine institute.');
      expect(mails.at(-1)!.parsed.text).toMatch(
        /Review testimonials: http:\/\/\S+\/admin\/testimonials/,
      );
    }
    expect(await notificationsTo(SHARED)).toHaveLength(shared);
  });

  it('tells editors and admins about a failed build, unless they turned it off', async () => {
    expect(
      (await t.viewer.put('/api/account/notifications', { 'build-failed': false })).status,
    ).toBe(200);
    const [admin, editor] = (await Promise.all(
      [ADMIN, EDITOR].map(async (a) => (await notificationsTo(a)).length),
    )) as [number, number];
    at(base + 10 * WINDOW + 60_000);
    const failed = await t.site.platform.invokeEvent('deploy-failed', {
      payload: { id: 'd1', site_id: 'local-site', error_message: 'Astro could not render /events' },
    });
    expect(failed.status).toBe(200);
    at(base + 11 * WINDOW + 61_000);
    expect(await digest()).toEqual({ windows: 1, sent: 1, failed: 0 });
    const mail = (await notificationsTo(ADMIN)).at(-1)!;
    expect(await notificationsTo(ADMIN)).toHaveLength(admin + 1);
    expect(mail.parsed.subject).toBe('A build of the site failed');
    expect(mail.parsed.text).toContain('Astro could not render /events');
    expect(await notificationsTo(EDITOR)).toHaveLength(editor);

    expect(
      (await t.viewer.put('/api/account/notifications', { 'build-failed': true })).status,
    ).toBe(200);
    at(base + 12 * WINDOW + 60_000);
    expect(
      (
        await t.site.platform.invokeEvent('deploy-failed', {
          payload: { id: 'd2', site_id: 'local-site', error_message: 'Out of memory' },
        })
      ).status,
    ).toBe(200);
    at(base + 13 * WINDOW + 61_000);
    expect(await digest()).toEqual({ windows: 1, sent: 2, failed: 0 });
    expect((await notificationsTo(EDITOR)).at(-1)!.parsed.text).toContain('Out of memory');
  });

  it('tells editors and admins when a scheduled release is near and the last build failed', async () => {
    const start = base + 14 * WINDOW;
    at(start + 60_000);
    const releaseAt = new Date(start + 20 * 60_000).toISOString().slice(0, 16);
    const created = await t.admin.post('/api/publications', {
      title: 'Embargoed Findings',
      description: 'Out at the embargo.',
      status: 'scheduled',
      publishAt: releaseAt,
      timeZone: 'UTC',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    at(start + 65_000);
    expect(
      (
        await t.site.platform.invokeEvent('deploy-failed', {
          payload: { id: 'd3', site_id: 'local-site', error_message: 'Disk full' },
        })
      ).status,
    ).toBe(200);
    at(start + 70_000);
    const check = await (await t.site.platform.runScheduled('release-scheduled')).json();
    expect(check.warning).toContain('A release is scheduled for');
    at(start + WINDOW + 61_000);
    // The failed build and the release at risk: one email of each kind to each of the two.
    expect(await digest()).toEqual({ windows: 2, sent: 4, failed: 0 });
    for (const address of [ADMIN, EDITOR]) {
      const subjects = (await notificationsTo(address)).slice(-2).map((m) => m.parsed.subject);
      expect(subjects.sort()).toEqual([
        'A build of the site failed',
        'A scheduled release is at risk',
      ]);
    }
    const atRisk = (await notificationsTo(ADMIN)).find(
      (m) => m.parsed.subject === 'A scheduled release is at risk',
    )!;
    // In the site's date style: 'November 28, 2026, 10:52 UTC'.
    const day = new Date(`${releaseAt}Z`);
    const month = day.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    expect(atRisk.parsed.text).toContain(
      `A release is scheduled for ${month} ${day.getUTCDate()}, ${day.getUTCFullYear()}, ${releaseAt.slice(11)} UTC`,
    );
  });
});

describe('the digests are worded in the site settings', () => {
  it('say what an admin saved, with the count and its words filled in, around what the site adds', async () => {
    const words = {
      notifyContactMailSubject: 'Inbox: {count} new {messages}',
      notifyContactMailBody: 'The contact form brought {count} {messages} {when}.',
      notifyTestimonialMailSubject: 'Review needed: {count} {testimonials}',
      notifyTestimonialMailBody:
        'Please look: {count} {testimonials} {was} sent {when}.\n\nThanks!',
    };
    expect((await t.admin.patch('/api/site-settings', words)).status).toBe(200);
    onTestFinished(async () => {
      const reset = Object.fromEntries(Object.keys(words).map((k) => [k, '']));
      expect((await t.admin.patch('/api/site-settings', reset)).status).toBe(200);
    });
    at(base + 16 * WINDOW + 60_000);
    expect((await contact('reader@example.org', 'Rita Reader')).status).toBe(201);
    expect(
      (
        await t.anon.post('/api/testimonials', {
          name: 'Ada Lovelace',
          content: 'Clear and useful.',
          rating: 5,
        })
      ).status,
    ).toBe(201);
    at(base + 17 * WINDOW + 61_000);
    expect(await digest()).toMatchObject({ windows: 2, failed: 0 });

    // Contact messages go to the shared inbox (the admin turned them off above).
    const inbox = (await notificationsTo(SHARED)).at(-1)!;
    expect(inbox.parsed.subject).toBe('Inbox: 1 new message');
    expect(inbox.parsed.text).toMatch(
      /^The contact form brought 1 message between \d{2}:\d{2} and \d{2}:\d{2} UTC on .+\.\n\nRita Reader wrote:\n> A question about your latest report\.\n\nReplying to this email writes to its sender\./,
    );
    for (const address of [ADMIN, EDITOR]) {
      // The same digest may bring this address the inbox's email too, in either order.
      const review = (await notificationsTo(address))
        .filter((m) => m.parsed.subject?.startsWith('Review needed'))
        .at(-1)!;
      expect(review.parsed.subject).toBe('Review needed: 1 testimonial');
      expect(review.parsed.text).toMatch(
        /^Please look: 1 testimonial was sent between .+ UTC on .+\.\n\nThanks!\n\nAda Lovelace wrote:\n> Clear and useful\.\n\nReview testimonials: http/,
      );
    }
  });

  it('refuse a text that lost the count, or names a placeholder the email does not have', async () => {
    const lost = await t.admin.patch('/api/site-settings', {
      notifyContactMailBody: 'New messages came in.',
    });
    expect(lost.status).toBe(400);
    expect(lost.json.message).toContain('Keep {count} in the text: the email puts how many');
    const unknown = await t.admin.patch('/api/site-settings', {
      notifyBuildFailedMailSubject: 'Build failed {when}',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toContain(
      '{when} is not a placeholder of this email, which has none',
    );
  });
});

describe('a digest run cut off after it queued the emails', () => {
  it('is finished by the next run without a second email to anyone', async () => {
    const start = base + 20 * WINDOW;
    at(start + 60_000);
    expect((await contact('once@example.org', 'Once Only')).status).toBe(201);
    const once = async (address: string) =>
      (await notificationsTo(address)).filter((m) => m.parsed.text?.includes('Once Only wrote:'));

    // The run queues the emails, then cannot take the window's marker away: it ends there,
    // as a run stopped by its time limit would, and its claim on the window lapses after 5 minutes.
    at(start + WINDOW + 61_000);
    const blobs = await countBlobCalls();
    blobs.refuseWrite = (call) => call.startsWith('DELETE ') && call.includes('/notify/contact/');
    try {
      // The admin, and the shared inbox an earlier test set.
      expect(await digest()).toEqual({ windows: 0, sent: 2, failed: 1 });
    } finally {
      blobs.refuseWrite = null;
      await blobs.close();
    }
    expect(await once(ADMIN)).toHaveLength(1);
    expect(await once(SHARED)).toHaveLength(1);

    at(start + WINDOW + 61_000 + 5 * 60_000 + 1000);
    expect(await digest()).toEqual({ windows: 1, sent: 0, failed: 0 });
    expect(await markers('contact')).toEqual([]);
    expect(await once(ADMIN)).toHaveLength(1);
    expect(await once(SHARED)).toHaveLength(1);

    // What each person was sent is remembered (by a hash of their address) for two days, no longer.
    const marks = async () =>
      (await getStore({ name: 'mail', consistency: 'strong' }).list({ prefix: 'once/' })).blobs;
    expect((await marks()).filter((b) => b.key.includes(`/contact/${start}/`))).toHaveLength(2);
    expect((await marks()).some((b) => b.key.includes('@'))).toBe(false);
    at(start + 3 * 86_400_000);
    await digest();
    expect(await marks()).toEqual([]);
  });
});

describe('erasure', () => {
  it('dismisses an undelivered contact notification that would reply to the person erased', async () => {
    const now = Date.now();
    const id = `${String(now).padStart(13, '0')}-${crypto.randomUUID()}`;
    const failed = {
      id,
      kind: 'notification',
      to: ADMIN,
      replyTo: 'erase-me@example.org',
      subject: '1 new contact message',
      text: 'Replying to this email writes to its sender.',
      html: '<p>Replying to this email writes to its sender.</p>',
      headers: {},
      createdAt: new Date(now).toISOString(),
      attempts: 5,
      nextAttemptAt: new Date(now).toISOString(),
      lastError: 'The provider refused it',
      failedAt: new Date(now).toISOString(),
    };
    await getStore({ name: 'mail', consistency: 'strong' }).setJSON(
      `failed/${String(9_999_999_999_999 - now).padStart(13, '0')}-${id}`,
      failed,
    );
    expect((await t.admin.get('/api/admin/mail')).json.failed.items).toContainEqual(
      expect.objectContaining({ to: ADMIN, replyTo: 'erase-me@example.org' }),
    );
    const erased = await t.admin.post('/api/admin/privacy/erase', {
      email: 'Erase-Me@example.org',
    });
    expect(erased.status).toBe(200);
    expect(erased.json.failedMail).toBe(1);
    expect((await t.admin.get('/api/admin/mail')).json.failed.items).toEqual([]);
  });
});
