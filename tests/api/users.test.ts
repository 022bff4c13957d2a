import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { useAdminSite } from '../helpers/admin-site';
import { client, createTestUser, login } from '../helpers/platform';

const t = useAdminSite();

const tokenOf = (invitePath: string) => invitePath.split('#')[1]!;
const signIn = (username: string, password: string, code?: string) =>
  client(t.site.url).post('/api/auth/login', { username, password, ...(code ? { code } : {}) });

async function invite(username: string, role: 'admin' | 'editor') {
  const res = await t.admin.post('/api/admin/users', { username, role });
  expect(res.status, res.text).toBe(201);
  return res.json as { invitePath: string; expiresAt: string };
}

describe('invitations', () => {
  it('invite, accept once, sign in; a second use is refused', async () => {
    const { invitePath, expiresAt } = await invite('newcomer', 'editor');
    expect(invitePath).toMatch(/^\/invite#[\w-]{43}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(47 * 3600_000);
    const token = tokenOf(invitePath);
    expect((await t.anon.get(`/api/auth/invitations/${token}`)).json).toMatchObject({
      username: 'newcomer',
      kind: 'invite',
    });
    // Not yet: no password.
    expect((await signIn('newcomer', 'newcomer-password-1')).status).toBe(401);
    // Weak and too-long passwords are refused and do not use up the link.
    const short = await t.anon.post(`/api/auth/invitations/${token}/accept`, { password: 'short' });
    expect(short).toMatchObject({
      status: 400,
      json: { message: 'Password must be at least 12 characters' },
    });
    const long = await t.anon.post(`/api/auth/invitations/${token}/accept`, {
      password: 'é'.repeat(37),
    });
    expect(long.status).toBe(400);
    expect(long.json.message).toMatch(/at most 72 bytes/);
    const ok = await t.anon.post(`/api/auth/invitations/${token}/accept`, {
      password: 'newcomer-password-1',
    });
    expect(ok.status, ok.text).toBe(200);
    const again = await t.anon.post(`/api/auth/invitations/${token}/accept`, {
      password: 'another-password-1',
    });
    expect(again.status).toBe(410);
    expect(again.json.message).toMatch(/already used, has expired/);
    const me = await signIn('newcomer', 'newcomer-password-1');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({
      username: 'newcomer',
      role: 'editor',
      isAdmin: false,
      twoFactorEnabled: false,
    });
  });

  it('an expired invitation is refused', async () => {
    const { invitePath } = await invite('latecomer', 'editor');
    const { openStore, STORES } = await import('../../src/server/storage/store');
    const store = openStore(STORES.invitations);
    const { blobs } = await store.list();
    for (const { key } of blobs) {
      const value = (await store.get(key, { type: 'json' })) as { username: string };
      if (value.username === 'latecomer')
        await store.setJSON(key, {
          ...value,
          expiresAt: new Date(Date.now() - 1000).toISOString(),
        });
    }
    const res = await t.anon.post(`/api/auth/invitations/${tokenOf(invitePath)}/accept`, {
      password: 'latecomer-password-1',
    });
    expect(res.status).toBe(410);
    expect((await signIn('latecomer', 'latecomer-password-1')).status).toBe(401);
  });

  it('refuses a taken or malformed username and a bad role, creating nothing', async () => {
    const before = (await t.admin.get('/api/admin/users')).json.users.length;
    expect(
      (await t.admin.post('/api/admin/users', { username: 'ADMIN', role: 'editor' })).status,
    ).toBe(409);
    expect(
      (await t.admin.post('/api/admin/users', { username: 'a b', role: 'editor' })).status,
    ).toBe(400);
    const role = await t.admin.post('/api/admin/users', { username: 'someone', role: 'owner' });
    expect(role).toMatchObject({
      status: 400,
      json: { message: 'Role must be admin, editor or contributor' },
    });
    expect((await t.admin.get('/api/admin/users')).json.users.length).toBe(before);
  });
});

describe('users', () => {
  it('lists users with role, creation, last sign-in and two-factor state, and no secrets', async () => {
    const res = await t.admin.get('/api/admin/users');
    expect(res.status).toBe(200);
    const admin = res.json.users.find((u: { username: string }) => u.username === 'admin');
    expect(admin).toMatchObject({
      role: 'admin',
      active: true,
      hasPassword: true,
      twoFactorEnabled: false,
    });
    expect(admin.lastLoginAt).toBeTruthy();
    expect(res.text).not.toMatch(/passwordHash|\$2[ab]\$/);
  });

  it('the last active admin cannot be demoted, deactivated, reset or deleted, even by themselves', async () => {
    for (const call of [
      () => t.admin.patch('/api/admin/users/admin', { role: 'editor' }),
      () => t.admin.patch('/api/admin/users/admin', { active: false }),
      () => t.admin.post('/api/admin/users/admin/reset-password'),
      () => t.admin.delete('/api/admin/users/admin'),
    ]) {
      const res = await call();
      expect(res.status).toBe(409);
      expect(res.json.message).toBe(
        'This is the last active admin: make another user an admin first',
      );
    }
    expect((await t.admin.get('/api/auth/me')).json.role).toBe('admin');
  });

  it('role changes take effect at once; a deactivated user is signed out and cannot sign in', async () => {
    await createTestUser('second', 'second-password-1', false);
    const second = client(t.site.url, await login(t.site.url, 'second', 'second-password-1'));
    expect((await second.get('/api/admin/contact-forms')).status).toBe(403);
    expect((await t.admin.patch('/api/admin/users/second', { role: 'admin' })).json.role).toBe(
      'admin',
    );
    expect((await second.get('/api/admin/contact-forms')).status).toBe(200);
    // Now there are two admins: the first may step down, and be promoted back.
    expect((await t.admin.patch('/api/admin/users/second', { active: false })).json.active).toBe(
      false,
    );
    expect((await second.get('/api/auth/me')).status).toBe(401);
    expect((await signIn('second', 'second-password-1')).status).toBe(401);
    expect((await t.admin.delete('/api/admin/users/second')).status).toBe(200);
    expect(
      (await t.admin.get('/api/admin/users')).json.users.some(
        (u: { username: string }) => u.username === 'second',
      ),
    ).toBe(false);
  });

  it('a password reset ends the sessions, stops the old password and sends a new link', async () => {
    await createTestUser('forgetful', 'forgetful-password-1', false);
    const session = client(
      t.site.url,
      await login(t.site.url, 'forgetful', 'forgetful-password-1'),
    );
    const res = await t.admin.post('/api/admin/users/forgetful/reset-password');
    expect(res.status).toBe(200);
    expect((await session.get('/api/auth/me')).status).toBe(401);
    expect((await signIn('forgetful', 'forgetful-password-1')).status).toBe(401);
    expect(
      (
        await t.anon.post(`/api/auth/invitations/${tokenOf(res.json.invitePath)}/accept`, {
          password: 'remembered-password-1',
        })
      ).status,
    ).toBe(200);
    expect((await signIn('forgetful', 'remembered-password-1')).status).toBe(200);
  });

  it('refuses a username starting with a dot (a hidden file to tools that read the store)', async () => {
    const res = await t.admin.post('/api/admin/users', { username: '.alice', role: 'admin' });
    expect(res.status).toBe(400);
    expect(res.json.fields.username).toBe('Username must not start with a dot');
  });

  it('a link replaced by a newer one answers 410 on open and does not name the account', async () => {
    await createTestUser('twice-reset', 'twice-reset-password-1', false);
    const first = await t.admin.post('/api/admin/users/twice-reset/reset-password');
    const second = await t.admin.post('/api/admin/users/twice-reset/reset-password');
    const opened = await t.anon.get(`/api/auth/invitations/${tokenOf(first.json.invitePath)}`);
    expect(opened.status).toBe(410);
    expect(opened.text).not.toContain('twice-reset');
    expect(
      (await t.anon.get(`/api/auth/invitations/${tokenOf(second.json.invitePath)}`)).json,
    ).toMatchObject({ username: 'twice-reset', kind: 'reset' });
  });

  it('shows who made each change, and each user’s recent activity', async () => {
    await t.viewer.patch('/api/site-settings', { heroTitle: 'Edited by the editor' });
    const history = (await t.admin.get('/api/admin/history?limit=1')).json;
    expect(history[0]).toMatchObject({ user: 'viewer', target: 'site-settings' });
    const activity = await t.admin.get('/api/admin/users/viewer/activity');
    expect(activity.status).toBe(200);
    expect(activity.json[0]).toMatchObject({ user: 'viewer', summary: 'heroTitle' });
    // Editors do not see changes to users or personal data in the history.
    const seen = (await t.viewer.get('/api/admin/history?limit=500')).json as { target: string }[];
    expect(seen.some((e) => e.target.startsWith('users/'))).toBe(false);
    expect(
      ((await t.admin.get('/api/admin/history?limit=500')).json as { target: string }[]).some((e) =>
        e.target.startsWith('users/'),
      ),
    ).toBe(true);
  });
});

describe('my account', () => {
  it('changes the password with the current one; other sessions end, this one goes on', async () => {
    await createTestUser('changer', 'changer-password-1', false);
    const here = await login(t.site.url, 'changer', 'changer-password-1');
    const elsewhere = client(t.site.url, await login(t.site.url, 'changer', 'changer-password-1'));
    const wrong = await client(t.site.url, here).post('/api/account/password', {
      currentPassword: 'not-it-at-all',
      newPassword: 'changed-password-1',
    });
    expect(wrong).toMatchObject({
      status: 400,
      json: { message: 'Your current password is not right' },
    });
    const weak = await client(t.site.url, here).post('/api/account/password', {
      currentPassword: 'changer-password-1',
      newPassword: 'short',
    });
    expect(weak.status).toBe(400);
    const ok = await client(t.site.url, here).post('/api/account/password', {
      currentPassword: 'changer-password-1',
      newPassword: 'changed-password-1',
    });
    expect(ok.status).toBe(200);
    const renewed = ok.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await client(t.site.url, renewed).get('/api/auth/me')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/me')).status).toBe(401);
    expect((await signIn('changer', 'changer-password-1')).status).toBe(401);
    expect((await signIn('changer', 'changed-password-1')).status).toBe(200);
  });

  it('a password change in flight when an admin resets the password does not undo the reset', async () => {
    const { countBlobCalls, holdFirstCall } = await import('../helpers/blobs-counter');
    await createTestUser('taken-over', 'taken-over-password-1', false);
    // Whoever holds this session knows the password: the admin resets it to lock them out.
    const intruder = client(
      t.site.url,
      await login(t.site.url, 'taken-over', 'taken-over-password-1'),
    );
    // The change's write of the new password is held, its current password already checked.
    const hold = holdFirstCall((call) => /^PUT .*users\/taken-over$/.test(call));
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const changing = intruder.post('/api/account/password', {
        currentPassword: 'taken-over-password-1',
        newPassword: 'intruder-password-1',
      });
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      const reset = await t.admin.post('/api/admin/users/taken-over/reset-password');
      expect(reset.status).toBe(200);
      hold.release();
      const changed = await changing;
      expect(changed.status).toBe(401);
      const cookie = changed.headers.getSetCookie()[0]?.split(';')[0];
      if (cookie) expect((await client(t.site.url, cookie).get('/api/auth/me')).status).toBe(401);
      expect((await signIn('taken-over', 'intruder-password-1')).status).toBe(401);
      // The admin's link still sets the password.
      const accepted = await t.anon.post(
        `/api/auth/invitations/${tokenOf(reset.json.invitePath)}/accept`,
        { password: 'rightful-password-1' },
      );
      expect(accepted.status, accepted.text).toBe(200);
      expect((await signIn('taken-over', 'rightful-password-1')).status).toBe(200);
    } finally {
      hold.release();
      await blobs.close();
    }
  });

  it('signs out everywhere', async () => {
    await createTestUser('leaver', 'leaver-password-1', false);
    const one = client(t.site.url, await login(t.site.url, 'leaver', 'leaver-password-1'));
    const two = client(t.site.url, await login(t.site.url, 'leaver', 'leaver-password-1'));
    expect((await one.post('/api/account/sign-out-everywhere')).status).toBe(200);
    expect((await one.get('/api/auth/me')).status).toBe(401);
    expect((await two.get('/api/auth/me')).status).toBe(401);
  });
});

describe('two-factor sign-in', () => {
  it('enrols with a code, then requires one at sign-in; recovery codes work once; an admin can reset it', async () => {
    await createTestUser('careful', 'careful-password-1', false);
    const c = client(t.site.url, await login(t.site.url, 'careful', 'careful-password-1'));
    const setup = await c.post('/api/account/two-factor/setup');
    expect(setup.status).toBe(200);
    expect(setup.json.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(setup.json.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const totp = new TOTP({ secret: Secret.fromBase32(setup.json.secret), digits: 6, period: 30 });
    const wrong = await c.post('/api/account/two-factor/confirm', {
      code: '000000' === totp.generate() ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    const confirmed = await c.post('/api/account/two-factor/confirm', { code: totp.generate() });
    expect(confirmed.status, confirmed.text).toBe(200);
    const codes = confirmed.json.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    // The password alone is not enough; a wrong code is refused.
    const noCode = await signIn('careful', 'careful-password-1');
    expect(noCode.status).toBe(401);
    expect(noCode.json.fields.code).toMatch(/6-digit code/);
    expect((await signIn('careful', 'careful-password-1', '123456')).status).toBe(401);
    // The code used to confirm cannot be used again: the next step's code is.
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    const withCode = await signIn('careful', 'careful-password-1', next);
    expect(withCode.status, withCode.text).toBe(200);
    expect(withCode.json.twoFactorEnabled).toBe(true);
    expect((await signIn('careful', 'careful-password-1', next)).status).toBe(401);
    // A recovery code works once.
    expect((await signIn('careful', 'careful-password-1', codes[0])).status).toBe(200);
    expect((await signIn('careful', 'careful-password-1', codes[0])).status).toBe(401);

    const session = client(
      t.site.url,
      (await signIn('careful', 'careful-password-1', codes[1])).headers
        .getSetCookie()[0]!
        .split(';')[0],
    );
    expect((await session.get('/api/auth/me')).status).toBe(200);
    expect((await t.admin.post('/api/admin/users/careful/reset-two-factor')).status).toBe(200);
    expect((await session.get('/api/auth/me')).status).toBe(401);
    expect((await signIn('careful', 'careful-password-1')).status).toBe(200);
  });

  it('an admin can require two-factor for every admin: admins without it can only set it up', async () => {
    await createTestUser('second-admin', 'second-admin-password', true);
    const other = client(
      t.site.url,
      await login(t.site.url, 'second-admin', 'second-admin-password'),
    );
    expect(
      (await t.admin.put('/api/admin/auth-policy', { requireTwoFactorForAdmins: 'yes' })).status,
    ).toBe(400);
    expect(
      (await t.admin.put('/api/admin/auth-policy', { requireTwoFactorForAdmins: true })).status,
    ).toBe(200);
    const blocked = await other.get('/api/admin/summary');
    expect(blocked.status).toBe(403);
    expect(blocked.json.message).toMatch(/requires two-factor sign-in for admins/);
    expect((await other.get('/api/auth/me')).json.mustSetUpTwoFactor).toBe(true);
    expect((await other.post('/api/account/two-factor/setup')).status).toBe(200);
    // Editors are not affected.
    expect((await t.viewer.get('/api/admin/summary')).status).toBe(200);
    // Turned off again by an admin who set it up... here, the store, so the other tests are unaffected.
    const { setAuthPolicy } = await import('../../src/server/auth/auth-policy');
    await setAuthPolicy({ requireTwoFactorForAdmins: false });
    expect((await other.get('/api/admin/summary')).status).toBe(200);
  });
});

describe('users from before roles', () => {
  it('an old record with isAdmin reads as an admin, one without as an editor', async () => {
    const { openStore, STORES } = await import('../../src/server/storage/store');
    const store = openStore(STORES.users);
    const old = {
      id: 'old-1',
      username: 'oldtimer',
      passwordHash: '$2b$12$q9oOgZESr/IxX5YM8lj2O.K9HsrjWvkBafxGHvRr1Gp9VLjWnm6/K',
      isAdmin: true,
      createdAt: new Date().toISOString(),
      sessionsValidAfter: 0,
    };
    await store.setJSON('oldtimer', old);
    await store.setJSON('oldeditor', {
      ...old,
      id: 'old-2',
      username: 'oldeditor',
      isAdmin: false,
    });
    const users = (await t.admin.get('/api/admin/users')).json.users as {
      username: string;
      role: string;
    }[];
    expect(users.find((u) => u.username === 'oldtimer')?.role).toBe('admin');
    expect(users.find((u) => u.username === 'oldeditor')?.role).toBe('editor');
  });
});
