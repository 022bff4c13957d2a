/**
 * A small team's safety net: the dashboard says when only one admin can sign in, and the
 * create-user command brings back a sole admin who lost both password and second factor.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { useAdminSite } from '../helpers/admin-site';
import { client } from '../helpers/platform';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

const t = useAdminSite();

const signIn = (username: string, password: string, code?: string) =>
  client(t.site.url).post('/api/auth/login', { username, password, ...(code ? { code } : {}) });

describe('the only admin', () => {
  it('the summary flags a sole admin to admins, clears once a second admin exists, and tells editors nothing', async () => {
    expect((await t.admin.get('/api/admin/summary')).json.soleAdmin).toBe(true);
    expect((await t.viewer.get('/api/admin/summary')).json.soleAdmin).toBeNull();
    const second = await t.admin.post('/api/admin/users', { username: 'deputy', role: 'admin' });
    expect(second.status, second.text).toBe(201);
    // Invited but without a password yet: still unable to sign in, so still the only admin.
    expect((await t.admin.get('/api/admin/summary')).json.soleAdmin).toBe(true);
    const token = (second.json.invitePath as string).split('#')[1];
    const accepted = await t.anon.post(`/api/auth/invitations/${token}/accept`, {
      password: 'deputy-password-1',
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect((await t.admin.get('/api/admin/summary')).json.soleAdmin).toBe(false);
  });

  it('create-user --reset sets a new password, turns the second factor off, ends sessions and warns', async () => {
    // The admin turns on two-factor sign-in, then "loses" password and authenticator.
    const setup = await t.admin.post('/api/account/two-factor/setup');
    const totp = new TOTP({ secret: Secret.fromBase32(setup.json.secret), digits: 6, period: 30 });
    expect(
      (await t.admin.post('/api/account/two-factor/confirm', { code: totp.generate() })).status,
    ).toBe(200);
    expect((await signIn('admin', 'admin-password-123')).status).toBe(401);
    const before = await t.admin.get('/api/auth/me');
    expect(before.status).toBe(200);

    const { stdout, stderr } = await run(
      process.execPath,
      [
        path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        'scripts/create-user.ts',
        '--reset',
        '--username',
        'admin',
        '--password',
        'recovered-password-1',
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          DATA_DIR: t.site.dataDir,
          NETLIFY_SITE_ID: '',
          NETLIFY_AUTH_TOKEN: '',
        },
      },
    );
    expect(stdout + stderr).toMatch(
      /WARNING: admin's password was replaced, two-factor sign-in is OFF/,
    );

    expect((await t.admin.get('/api/auth/me')).status).toBe(401);
    expect((await signIn('admin', 'admin-password-123')).status).toBe(401);
    const back = await signIn('admin', 'recovered-password-1');
    expect(back.status, back.text).toBe(200);
    expect(back.json.twoFactorEnabled).toBe(false);
  });

  it('create-user --reset of an unknown user fails and creates nobody', async () => {
    const failed = await run(
      process.execPath,
      [
        path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        'scripts/create-user.ts',
        '--reset',
        '--username',
        'nobody',
        '--password',
        'whatever-password-1',
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          DATA_DIR: t.site.dataDir,
          NETLIFY_SITE_ID: '',
          NETLIFY_AUTH_TOKEN: '',
        },
      },
    ).catch((e: { code: number; stderr: string }) => e);
    expect('code' in failed && failed.code).toBe(1);
    expect((await signIn('nobody', 'whatever-password-1')).status).toBe(401);
  });
});
