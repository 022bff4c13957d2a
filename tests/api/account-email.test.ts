import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useAdminSite } from '../helpers/admin-site';
import { linkIn, mailTo, newestMailTo, readOutbox } from '../helpers/mail';
import { client, createTestUser, login } from '../helpers/platform';

// A user's email address: asked for on My account and in invitations, pending until a link sent
// to it is used, shown with its state; invitations and admin resets are emailed there.
const t = useAdminSite();
afterEach(() => vi.useRealTimers());

const signedIn = async (username: string) => {
  await createTestUser(username, `${username}-password-1`, false);
  return client(t.site.url, await login(t.site.url, username, `${username}-password-1`));
};
/** The token of the newest verification link mailed to an address (it travels in the fragment). */
const verifyTokenOf = async (email: string) => {
  const mail = await newestMailTo(t.site, email);
  expect(mail.parsed.subject).toContain('Confirm your email address');
  return linkIn(mail, '/verify-email').searchParams.get('token')!;
};
const verify = (token: unknown) => t.anon.post('/api/auth/verify-email', { token });
const summaryOf = async (username: string) =>
  ((await t.admin.get('/api/admin/users')).json.users as { username: string }[]).find(
    (u) => u.username === username,
  );

describe('My account: an email address, verified by a link', () => {
  it('is pending until the emailed link is used once; then it is the verified address', async () => {
    const me = await signedIn('mailer');
    expect((await me.get('/api/account/email')).json).toEqual({ email: null, pendingEmail: null });
    const asked = await me.post('/api/account/email', { email: ' Mailer@Example.org ' });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.json).toMatchObject({ email: null, pendingEmail: 'mailer@example.org' });
    expect(asked.json.message).toContain('We emailed a link to mailer@example.org');
    expect(await summaryOf('mailer')).toMatchObject({
      email: 'mailer@example.org',
      emailVerified: false,
    });

    const token = await verifyTokenOf('mailer@example.org');
    const done = await verify(token);
    expect(done.status, done.text).toBe(200);
    expect(done.json.email).toBe('mailer@example.org');
    expect((await me.get('/api/account/email')).json).toEqual({
      email: 'mailer@example.org',
      pendingEmail: null,
    });
    expect(await summaryOf('mailer')).toMatchObject({
      email: 'mailer@example.org',
      emailVerified: true,
    });
    // Single use.
    const again = await verify(token);
    expect(again.status).toBe(410);
    expect(again.json.message).toMatch(/already used, has expired or was replaced/);
  });

  it('a newer link replaces the older; a new address stays pending while the verified one keeps working', async () => {
    const me = await signedIn('changer');
    await me.post('/api/account/email', { email: 'first@example.org' });
    await verify(await verifyTokenOf('first@example.org'));
    await me.post('/api/account/email', { email: 'second@example.org' });
    const older = await verifyTokenOf('second@example.org');
    await me.post('/api/account/email', { email: 'third@example.org' });
    const newer = await verifyTokenOf('third@example.org');
    expect((await me.get('/api/account/email')).json).toEqual({
      email: 'first@example.org',
      pendingEmail: 'third@example.org',
    });
    expect((await verify(older)).status).toBe(410);
    expect((await me.get('/api/account/email')).json).toEqual({
      email: 'first@example.org',
      pendingEmail: 'third@example.org',
    });
    expect((await verify(newer)).status).toBe(200);
    expect((await me.get('/api/account/email')).json).toEqual({
      email: 'third@example.org',
      pendingEmail: null,
    });
  });

  it('a link in use while a newer address is asked for does not verify the older address', async () => {
    const { countBlobCalls, holdFirstCall } = await import('../helpers/blobs-counter');
    const me = await signedIn('second-thoughts');
    await me.post('/api/account/email', { email: 'typo@example.org' });
    const older = await verifyTokenOf('typo@example.org');
    // The older link is checked and about to be marked used when the user corrects the address.
    const hold = holdFirstCall((call) => /^PUT .*invitations\/email\//.test(call));
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const using = verify(older);
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      const corrected = await me.post('/api/account/email', { email: 'right@example.org' });
      expect(corrected.status, corrected.text).toBe(200);
      hold.release();
      expect((await using).status).toBe(410);
    } finally {
      hold.release();
      await blobs.close();
    }
    expect((await me.get('/api/account/email')).json).toEqual({
      email: null,
      pendingEmail: 'right@example.org',
    });
    expect((await verify(await verifyTokenOf('right@example.org'))).status).toBe(200);
    expect((await me.get('/api/account/email')).json).toEqual({
      email: 'right@example.org',
      pendingEmail: null,
    });
  });

  it('a forged, malformed or expired link is a 4xx that changes nothing; a bad or taken address is refused', async () => {
    const me = await signedIn('careful2');
    await me.post('/api/account/email', { email: 'careful2@example.org' });
    const token = await verifyTokenOf('careful2@example.org');
    for (const bad of ['A'.repeat(43), 'nonsense', ''])
      expect((await verify(bad)).status, bad).toBe(410);
    for (const bad of [undefined, 42, 'x'.repeat(500)])
      expect((await verify(bad)).status).toBe(400);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 24 * 3600_000 + 60_000 });
    expect((await verify(token)).status).toBe(410);
    vi.useRealTimers();
    expect((await me.get('/api/account/email')).json).toEqual({
      email: null,
      pendingEmail: 'careful2@example.org',
    });

    const bad = await me.post('/api/account/email', { email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Enter a valid email address');
    // mailer@example.org is verified for another account (first test).
    const taken = await me.post('/api/account/email', { email: 'mailer@example.org' });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe('This address is already verified for another account');
    expect((await t.anon.post('/api/account/email', { email: 'x@example.org' })).status).toBe(401);
  });
});

describe('invitations and admin resets are emailed', () => {
  it('an invitation with an address is emailed there (the admin still gets the link); using it verifies the address', async () => {
    const res = await t.admin.post('/api/admin/users', {
      username: 'invitee',
      role: 'editor',
      email: 'Invitee@Example.org',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      emailedTo: 'invitee@example.org',
      user: { email: 'invitee@example.org', emailVerified: false },
    });
    const mail = await newestMailTo(t.site, 'invitee@example.org');
    expect(mail.parsed.subject).toContain('You are invited');
    expect(mail.parsed.text).toContain('invitee');
    // The invitation says what the role may do, so nobody learns it by finding a locked page.
    expect(mail.parsed.text).toContain('with the role Editor');
    const link = linkIn(mail, '/invite');
    expect(`${link.pathname}${link.hash}`).toBe(res.json.invitePath);
    expect(link.origin).toBe(t.site.url);

    expect(
      (
        await t.anon.post(`/api/auth/invitations/${link.hash.slice(1)}/accept`, {
          password: 'invitee-password-1',
        })
      ).status,
    ).toBe(200);
    expect(await summaryOf('invitee')).toMatchObject({
      email: 'invitee@example.org',
      emailVerified: true,
      hasPassword: true,
    });
  });

  it("a new invitation link for someone who never used theirs is emailed to the invitation's address; a taken address is refused", async () => {
    const first = await t.admin.post('/api/admin/users', {
      username: 'slowpoke',
      role: 'editor',
      email: 'slowpoke@example.org',
    });
    const again = await t.admin.post('/api/admin/users/slowpoke/reset-password');
    expect(again.status, again.text).toBe(200);
    expect(again.json.emailedTo).toBe('slowpoke@example.org');
    const mail = await newestMailTo(t.site, 'slowpoke@example.org');
    expect(mail.parsed.subject).toContain('You are invited');
    const link = linkIn(mail, '/invite');
    expect(`${link.pathname}${link.hash}`).toBe(again.json.invitePath);
    expect(
      (
        await t.anon.post(`/api/auth/invitations/${first.json.invitePath.split('#')[1]}/accept`, {
          password: 'slowpoke-password-1',
        })
      ).status,
    ).toBe(410);
    expect(
      (
        await t.anon.post(`/api/auth/invitations/${link.hash.slice(1)}/accept`, {
          password: 'slowpoke-password-1',
        })
      ).status,
    ).toBe(200);
    expect(await summaryOf('slowpoke')).toMatchObject({
      email: 'slowpoke@example.org',
      emailVerified: true,
    });

    // invitee@example.org is verified for invitee (test above): no second account gets it.
    const taken = await t.admin.post('/api/admin/users', {
      username: 'copycat',
      role: 'editor',
      email: 'invitee@example.org',
    });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toBe('This address is already verified for another account');
    expect(await summaryOf('copycat')).toBeUndefined();
  });

  it('an invitation without an address sends nothing; a bad address creates nobody', async () => {
    await t.site.platform.backgroundIdle();
    const before = (await readOutbox(t.site.dataDir)).length;
    const res = await t.admin.post('/api/admin/users', {
      username: 'quiet',
      role: 'editor',
      email: '',
    });
    expect(res.status).toBe(201);
    expect(res.json.emailedTo).toBeNull();
    await t.site.platform.backgroundIdle();
    expect((await readOutbox(t.site.dataDir)).length).toBe(before);
    const bad = await t.admin.post('/api/admin/users', {
      username: 'nobody',
      role: 'editor',
      email: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(await summaryOf('nobody')).toBeUndefined();
  });

  it("an admin's password reset is emailed to the verified address only, and the admin still gets the link", async () => {
    const res = await t.admin.post('/api/admin/users/mailer/reset-password');
    expect(res.status, res.text).toBe(200);
    expect(res.json.emailedTo).toBe('mailer@example.org');
    const mail = await newestMailTo(t.site, 'mailer@example.org');
    expect(mail.parsed.subject).toContain('Set a new password');
    expect(mail.parsed.text).toContain('admin reset the password');
    const link = linkIn(mail, '/invite');
    expect(`${link.pathname}${link.hash}`).toBe(res.json.invitePath);
    expect(
      (
        await t.anon.post(`/api/auth/invitations/${link.hash.slice(1)}/accept`, {
          password: 'mailer-password-2',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await client(t.site.url).post('/api/auth/login', {
          username: 'mailer',
          password: 'mailer-password-2',
        })
      ).status,
    ).toBe(200);

    // careful2 has only a pending address: nothing is sent there.
    const pendingOnly = await t.admin.post('/api/admin/users/careful2/reset-password');
    expect(pendingOnly.json.emailedTo).toBeNull();
    await t.site.platform.backgroundIdle();
    expect(
      (await mailTo(t.site.dataDir, 'careful2@example.org')).map((m) => m.parsed.subject),
    ).toEqual([expect.stringContaining('Confirm your email address')]);
  });

  it('without a way to send mail, nothing is said to be emailed and no address waits for a link that cannot come', async () => {
    const me = await signedIn('offline');
    const outbox = process.env.MAIL_OUTBOX_DIR;
    delete process.env.MAIL_OUTBOX_DIR;
    try {
      const asked = await me.post('/api/account/email', { email: 'offline@example.org' });
      expect(asked.status).toBe(503);
      expect(asked.json.message).toContain('Email is not set up');
      expect((await me.get('/api/account/email')).json).toEqual({
        email: null,
        pendingEmail: null,
      });
      const invited = await t.admin.post('/api/admin/users', {
        username: 'unmailed',
        role: 'editor',
        email: 'unmailed@example.org',
      });
      expect(invited.status).toBe(201);
      expect(invited.json).toMatchObject({ emailedTo: null, user: { email: null } });
      expect(
        (await t.admin.post('/api/admin/users/mailer/reset-password')).json.emailedTo,
      ).toBeNull();
    } finally {
      process.env.MAIL_OUTBOX_DIR = outbox;
    }
  });
});

describe('the account emails are worded in the site settings', () => {
  const words = {
    accountVerifyMailSubject: 'Is this your address?',
    accountVerifyMailBody: 'Hello {username}.\n\nPress the button within {hours} to confirm.',
    accountInviteMailSubject: 'Join the web team',
    accountInviteMailBody: 'Welcome aboard, {username}! {invitedBy} made you {role}.',
    accountResetMailSubject: 'Your new password',
    accountResetMailBody: 'A new password for {username}, asked for at the sign-in page ({hours}).',
    accountAdminResetMailBody: '{admin} started a new password for {username}.',
  };
  const paragraphsOf = (html: unknown) =>
    [...String(html).matchAll(/<p[^>]*>(.*?)<\/p>/g)].map((m) => m[1]);

  it('by default say what they always said, with the facts filled in', async () => {
    const invited = await t.admin.post('/api/admin/users', {
      username: 'plainwords',
      role: 'contributor',
      email: 'plainwords@example.org',
    });
    expect(invited.status, invited.text).toBe(201);
    const mail = await newestMailTo(t.site, 'plainwords@example.org');
    expect(mail.parsed.subject).toMatch(/^You are invited to manage the .+ website$/);
    expect(mail.parsed.text).toMatch(
      /^admin invited you to help manage the .+ website, as plainwords, with the role Contributor: you can propose changes/,
    );
    expect(mail.parsed.text).toContain('The link works for 48 hours, once.');
    expect(mail.parsed.text).not.toMatch(/\{\w+\}/);
  });

  it('say what an admin saved, each placeholder filled in, the link still on its button', async () => {
    expect((await t.admin.patch('/api/site-settings', words)).status).toBe(200);
    onTestFinished(async () => {
      const reset = Object.fromEntries(Object.keys(words).map((k) => [k, '']));
      expect((await t.admin.patch('/api/site-settings', reset)).status).toBe(200);
    });

    const me = await signedIn('worded');
    await me.post('/api/account/email', { email: 'worded@example.org' });
    const check = await newestMailTo(t.site, 'worded@example.org');
    expect(check.parsed.subject).toBe('Is this your address?');
    // Each blank line starts a paragraph, in the text part and the HTML part alike.
    expect(check.parsed.text).toMatch(
      /^Hello worded\.\n\nPress the button within 24 hours to confirm\.\n\nConfirm my email address: http/,
    );
    expect(paragraphsOf(check.parsed.html).slice(0, 2)).toEqual([
      'Hello worded.',
      'Press the button within 24 hours to confirm.',
    ]);
    const token = linkIn(check, '/verify-email').searchParams.get('token')!;
    expect((await verify(token)).status).toBe(200);

    const invited = await t.admin.post('/api/admin/users', {
      username: 'newwords',
      role: 'editor',
      email: 'newwords@example.org',
    });
    const invitation = await newestMailTo(t.site, 'newwords@example.org');
    expect(invitation.parsed.subject).toBe('Join the web team');
    expect(invitation.parsed.text).toMatch(/^Welcome aboard, newwords! admin made you Editor\.\n/);
    expect(`${linkIn(invitation, '/invite').pathname}${linkIn(invitation, '/invite').hash}`).toBe(
      invited.json.invitePath,
    );

    const reset = await t.admin.post('/api/admin/users/worded/reset-password');
    const byAdmin = await newestMailTo(t.site, 'worded@example.org');
    expect(byAdmin.parsed.subject).toBe('Your new password');
    expect(byAdmin.parsed.text).toMatch(/^admin started a new password for worded\.\n/);
    expect(`${linkIn(byAdmin, '/invite').pathname}${linkIn(byAdmin, '/invite').hash}`).toBe(
      reset.json.invitePath,
    );

    expect((await t.anon.post('/api/auth/forgot-password', { login: 'worded' })).status).toBe(200);
    await t.site.platform.backgroundIdle();
    const asked = await newestMailTo(t.site, 'worded@example.org');
    expect(asked.parsed.subject).toBe('Your new password');
    expect(asked.parsed.text).toMatch(
      /^A new password for worded, asked for at the sign-in page \(1 hour\)\.\n\nSet a new password: http/,
    );
  });

  it('refuse a text that lost a placeholder the email needs, or names one it does not have', async () => {
    const lost = await t.admin.patch('/api/site-settings', {
      accountInviteMailBody: 'Welcome aboard, {username}! Choose a password below.',
    });
    expect(lost.status).toBe(400);
    expect(lost.json.message).toContain(
      'Keep {role} in the text: the email puts the role given ("Editor") there',
    );
    const typo = await t.admin.patch('/api/site-settings', {
      accountRecoveryMailBody: '{usrname} used the code: {what}, {when}.',
    });
    expect(typo.status).toBe(400);
    expect(typo.json.message).toContain('{usrname} is not a placeholder of this email');
    const settings = (await t.admin.get('/api/site-settings')).json;
    expect(settings.accountInviteMailBody).toBe('');
    expect(settings.accountRecoveryMailBody).toBe('');
  });
});
