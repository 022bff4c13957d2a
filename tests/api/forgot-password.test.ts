import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAdminSite } from '../helpers/admin-site';
import { linkIn, mailTo, newestMailTo, readOutbox } from '../helpers/mail';
import { client, createTestUser, login } from '../helpers/platform';
import { rawRequest } from '../helpers/raw-request';

// Forgot password on /login: one answer whatever exists, throttled like sign-in, a single-use link
// valid for 1 hour to the verified address only; using it ends every session and never skips 2FA.
const t = useAdminSite();
afterEach(() => vi.useRealTimers());

const ANSWER =
  'If that account has a verified email address, we have emailed it a link to set a new password. The link works for 1 hour.';
const forgot = (login: unknown) => t.anon.post('/api/auth/forgot-password', { login });
const signIn = (username: string, password: string, code?: string) =>
  client(t.site.url).post('/api/auth/login', { username, password, ...(code ? { code } : {}) });
const accept = (token: string, password: string) =>
  t.anon.post(`/api/auth/invitations/${token}/accept`, { password });

/** A user with a password and a verified address; answers a client signed in as them. */
async function userWithAddress(username: string, email: string) {
  await createTestUser(username, `${username}-password-1`, false);
  const me = client(t.site.url, await login(t.site.url, username, `${username}-password-1`));
  await me.post('/api/account/email', { email });
  const token = linkIn(await newestMailTo(t.site, email), '/verify-email').searchParams.get(
    'token',
  )!;
  expect((await t.anon.post('/api/auth/verify-email', { token })).status).toBe(200);
  return me;
}
/** The token of the newest password link mailed to an address. */
const resetTokenOf = async (email: string) => {
  const mail = await newestMailTo(t.site, email);
  expect(mail.parsed.subject).toContain('Set a new password');
  return linkIn(mail, '/invite').hash.slice(1);
};

describe('forgot password', () => {
  it('answers the same words whatever exists, and emails the verified address only', async () => {
    await userWithAddress('ruth', 'ruth@example.org');
    await createTestUser('silent', 'silent-password-1', false);
    const silent = client(t.site.url, await login(t.site.url, 'silent', 'silent-password-1'));
    await silent.post('/api/account/email', { email: 'silent@example.org' }); // never verified
    await t.site.platform.backgroundIdle();
    const before = (await readOutbox(t.site.dataDir)).length;

    for (const asked of [
      'ruth',
      'RUTH@example.org',
      'nobody',
      'nobody@example.org',
      'silent',
      'silent@example.org',
    ]) {
      const res = await forgot(asked);
      expect(res.status, asked).toBe(200);
      expect(res.json, asked).toEqual({ message: ANSWER });
    }
    await t.site.platform.backgroundIdle();
    const sent = (await readOutbox(t.site.dataDir)).slice(before);
    expect(sent.map((m) => m.to)).toEqual(['ruth@example.org', 'ruth@example.org']);
    expect(sent[0]!.parsed.text).toContain('works for 1 hour');
    expect(linkIn(sent[0]!, '/invite').origin).toBe(t.site.url);
    expect((await forgot('')).status).toBe(400);
    expect((await forgot(42)).status).toBe(400);
  });

  it('the newest link sets a new password once, ends every session, and leaves the old password working until then', async () => {
    const me = await userWithAddress('sam', 'sam@example.org');
    await forgot('sam');
    const older = await resetTokenOf('sam@example.org');
    await forgot('sam@example.org');
    const token = await resetTokenOf('sam@example.org');
    // Asking changes nothing yet: the password still works and the session goes on.
    expect((await signIn('sam', 'sam-password-1')).status).toBe(200);
    expect((await me.get('/api/auth/me')).status).toBe(200);
    expect((await accept(older, 'sam-password-new-1')).status).toBe(410);
    expect((await t.anon.get(`/api/auth/invitations/${token}`)).json).toMatchObject({
      username: 'sam',
      kind: 'forgot',
    });
    // The same password rules: a weak one is refused and does not use up the link.
    expect((await accept(token, 'short')).json.message).toBe(
      'Password must be at least 12 characters',
    );

    const done = await accept(token, 'sam-password-new-1');
    expect(done.status, done.text).toBe(200);
    expect((await me.get('/api/auth/me')).status).toBe(401);
    expect((await signIn('sam', 'sam-password-1')).status).toBe(401);
    expect((await signIn('sam', 'sam-password-new-1')).status).toBe(200);
    // Used: refused, and nothing changes.
    const again = await accept(token, 'sam-password-other-1');
    expect(again.status).toBe(410);
    expect((await signIn('sam', 'sam-password-new-1')).status).toBe(200);
    expect((await accept('A'.repeat(43), 'sam-password-other-1')).status).toBe(410);
    expect((await accept('forged', 'sam-password-other-1')).status).toBe(410);
    expect((await signIn('sam', 'sam-password-new-1')).status).toBe(200);
  });

  it('a link works for 1 hour', async () => {
    await userWithAddress('hour', 'hour@example.org');
    const start = Date.now() + 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    await forgot('hour');
    const stale = await resetTokenOf('hour@example.org');
    await forgot('hour');
    const fresh = await resetTokenOf('hour@example.org');
    vi.setSystemTime(start + 59 * 60_000);
    expect((await t.anon.get(`/api/auth/invitations/${fresh}`)).status).toBe(200);
    vi.setSystemTime(start + 61 * 60_000);
    const late = await accept(fresh, 'hour-password-new-1');
    expect(late.status).toBe(410);
    expect(late.json.message).toMatch(/has expired/);
    expect((await accept(stale, 'hour-password-new-1')).status).toBe(410);
    expect((await signIn('hour', 'hour-password-1')).status).toBe(200);
    expect((await signIn('hour', 'hour-password-new-1')).status).toBe(401);
  });

  it('every outstanding link ends when an admin resets the password, deactivates the account or the user verifies a new address', async () => {
    await userWithAddress('moving', 'moving@example.org');
    // Reset by an admin: the forgot link asked for before it ends.
    await forgot('moving');
    const beforeReset = await resetTokenOf('moving@example.org');
    const reset = await t.admin.post('/api/admin/users/moving/reset-password');
    expect(reset.status, reset.text).toBe(200);
    expect((await accept(beforeReset, 'moving-password-new-1')).status).toBe(410);
    const resetLink = reset.json.invitePath.split('#')[1] as string;
    expect((await accept(resetLink, 'moving-password-new-2')).status).toBe(200);

    // A new verified address: links mailed to the old one end.
    const signedIn = client(t.site.url, await login(t.site.url, 'moving', 'moving-password-new-2'));
    await forgot('moving');
    const toOldAddress = await resetTokenOf('moving@example.org');
    await signedIn.post('/api/account/email', { email: 'moved@example.org' });
    const verify = linkIn(await newestMailTo(t.site, 'moved@example.org'), '/verify-email');
    const token = verify.searchParams.get('token')!;
    expect((await t.anon.post('/api/auth/verify-email', { token })).status).toBe(200);
    expect((await accept(toOldAddress, 'moving-password-new-3')).status).toBe(410);

    // Deactivated: every link ends, and one made before cannot be used after reactivation either.
    await forgot('moving');
    const beforeDeactivation = await resetTokenOf('moved@example.org');
    const adminLink = (await t.admin.post('/api/admin/users/moving/reset-password')).json
      .invitePath as string;
    const off = await t.admin.patch('/api/admin/users/moving', { active: false });
    expect(off.status, off.text).toBe(200);
    expect((await t.anon.get(`/api/auth/invitations/${beforeDeactivation}`)).status).toBe(410);
    expect((await accept(adminLink.split('#')[1]!, 'moving-password-new-4')).status).toBe(410);
    expect((await t.admin.patch('/api/admin/users/moving', { active: true })).status).toBe(200);
    expect((await accept(beforeDeactivation, 'moving-password-new-5')).status).toBe(410);
    expect((await signIn('moving', 'moving-password-new-5')).status).toBe(401);
  });

  it('a link of a deactivated account cannot be used, even one made while it was inactive', async () => {
    await createTestUser('dormant', 'dormant-password-1', false);
    expect((await t.admin.patch('/api/admin/users/dormant', { active: false })).status).toBe(200);
    const res = await t.admin.post('/api/admin/users/dormant/reset-password');
    expect(res.status, res.text).toBe(200);
    const token = (res.json.invitePath as string).split('#')[1]!;
    expect((await t.anon.get(`/api/auth/invitations/${token}`)).status).toBe(410);
    expect((await accept(token, 'dormant-password-new-1')).status).toBe(410);
  });

  it('never bypasses two-factor sign-in', async () => {
    const me = await userWithAddress('guarded', 'guarded@example.org');
    const setup = await me.post('/api/account/two-factor/setup');
    const totp = new TOTP({ secret: Secret.fromBase32(setup.json.secret), digits: 6, period: 30 });
    expect(
      (await me.post('/api/account/two-factor/confirm', { code: totp.generate() })).status,
    ).toBe(200);

    await forgot('guarded@example.org');
    expect(
      (await accept(await resetTokenOf('guarded@example.org'), 'guarded-password-new-1')).status,
    ).toBe(200);
    const noCode = await signIn('guarded', 'guarded-password-new-1');
    expect(noCode.status).toBe(401);
    expect(noCode.json.fields.code).toMatch(/6-digit code/);
    const withCode = await signIn(
      'guarded',
      'guarded-password-new-1',
      totp.generate({ timestamp: Date.now() + 30_000 }),
    );
    expect(withCode.status, withCode.text).toBe(200);
    expect(withCode.json.twoFactorEnabled).toBe(true);
  });

  it('is throttled like sign-in, for unknown accounts the same as known ones', async () => {
    // Later than every clock an earlier test set, so their requests are out of the window.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3 * 3600_000 });
    await userWithAddress('pat', 'pat@example.org');
    for (const asked of ['pat', 'ghost']) {
      for (let i = 0; i < 5; i++) expect((await forgot(asked)).status, `${asked} ${i}`).toBe(200);
      const refused = await forgot(asked);
      expect(refused.status, asked).toBe(429);
      expect(refused.json).toEqual({
        message: 'Too many password reset requests. Please wait 10 minutes and try again.',
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    }
    await t.site.platform.backgroundIdle();
    expect(await mailTo(t.site.dataDir, 'pat@example.org')).toHaveLength(1 + 5);
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect((await forgot('pat')).status).toBe(200);
    await t.site.platform.backgroundIdle();
    expect(await mailTo(t.site.dataDir, 'pat@example.org')).toHaveLength(1 + 6);
  });

  it('emails one account at most 5 links per 10 minutes, however many addresses ask', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 3600_000 });
    await userWithAddress('flooded', 'flooded@example.org');
    for (let n = 10; n < 18; n++) {
      const res = await rawRequest(`${t.site.url}/api/auth/forgot-password`, {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: 'flooded' }),
        localAddress: `127.0.0.${n}`,
      });
      expect(res.json, `from 127.0.0.${n}`).toEqual({ message: ANSWER });
    }
    await t.site.platform.backgroundIdle();
    expect(
      (await mailTo(t.site.dataDir, 'flooded@example.org')).filter((m) =>
        m.parsed.subject?.includes('Set a new password'),
      ),
    ).toHaveLength(5);
  });

  it('without a way to send mail, says so instead of promising a link, the same for every account', async () => {
    const outbox = process.env.MAIL_OUTBOX_DIR;
    delete process.env.MAIL_OUTBOX_DIR;
    try {
      for (const asked of ['ruth', 'nobody']) {
        const res = await forgot(asked);
        expect(res.status, asked).toBe(503);
        expect(res.json.message).toBe(
          'Email is not set up: confirmations and notifications are not being sent. No password link can be sent: ask an admin to reset your password.',
        );
      }
    } finally {
      process.env.MAIL_OUTBOX_DIR = outbox;
    }
  });
});
