import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestUser, login, startTestSite, type TestSite } from '../helpers/platform';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
  await createTestUser('admin', 'admin-password-123', true);
  await createTestUser('viewer', 'viewer-password-123', false);
});
afterAll(() => site.close());

describe('POST /api/auth/login', () => {
  it('signs in and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await client(site.url).post('/api/auth/login', {
      username: 'admin',
      password: 'admin-password-123',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ username: 'admin', isAdmin: true, isAuthenticated: true });
    expect(res.json).not.toHaveProperty('passwordHash');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^mi_session=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    // Plain http locally: Secure would make the browser drop the cookie.
    expect(cookie).not.toContain('Secure');
    // Plus a readable, non-secret hint so public pages only ask /api/auth/me when it can succeed.
    const [, hint] = res.headers.getSetCookie();
    expect(hint).toMatch(/^mi_signed_in=1; Path=\/; SameSite=Lax; Max-Age=\d+$/);
  });

  it('accepts the username in any case', async () => {
    const res = await client(site.url).post('/api/auth/login', {
      username: 'ADMIN',
      password: 'admin-password-123',
    });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with 401 and a message', async () => {
    const res = await client(site.url).post('/api/auth/login', {
      username: 'viewer',
      password: 'wrong-password',
    });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Invalid username or password' });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('refuses an unknown user with the same message', async () => {
    const res = await client(site.url).post('/api/auth/login', {
      username: 'nobody',
      password: 'whatever-123',
    });
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('Invalid username or password');
  });

  it('answers 400 with field messages when fields are missing', async () => {
    const res = await client(site.url).post('/api/auth/login', {});
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    const empty = await client(site.url).post('/api/auth/login', { username: '', password: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Username is required');
  });

  it('answers 400 to malformed JSON and 415 to another content type', async () => {
    const bad = await client(site.url).post('/api/auth/login', '{"username": ');
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: 'The request body is not valid JSON' });
    const form = await fetch(`${site.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=admin',
    });
    expect(form.status).toBe(415);
  });

  it('answers 405 to GET', async () => {
    const res = await client(site.url).get('/api/auth/login');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('refuses a cross-site login', async () => {
    const res = await client(site.url).post(
      '/api/auth/login',
      { username: 'admin', password: 'admin-password-123' },
      { Origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 when signed out', async () => {
    const res = await client(site.url).get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.json.message).toBeTruthy();
  });

  it('answers the current user when signed in', async () => {
    const cookie = await login(site.url, 'viewer', 'viewer-password-123');
    const res = await client(site.url, cookie).get('/api/auth/me');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ username: 'viewer', isAdmin: false, isAuthenticated: true });
  });

  it('refuses a tampered token', async () => {
    const cookie = await login(site.url, 'viewer', 'viewer-password-123');
    const [name, token] = cookie.split('=') as [string, string];
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    payload.sub = 'admin';
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    const res = await client(site.url, `${name}=${forged}`).get('/api/auth/me');
    expect(res.status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('clears the cookie and revokes the session server-side', async () => {
    const cookie = await login(site.url, 'admin', 'admin-password-123');
    const res = await client(site.url, cookie).post('/api/auth/logout');
    expect(res.status).toBe(200);
    const cleared = res.headers.getSetCookie();
    expect(cleared).toHaveLength(2);
    expect(cleared.every((c) => c.includes('Max-Age=0'))).toBe(true);
    // The old token no longer works even if a client kept it.
    const me = await client(site.url, cookie).get('/api/auth/me');
    expect(me.status).toBe(401);
  });
});

describe('admin guard', () => {
  it('PATCH /api/site-settings: 401 signed out, 200 for an editor or admin; the inbox is 403 for an editor', async () => {
    expect((await client(site.url).patch('/api/site-settings', { heroTitle: 'X' })).status).toBe(
      401,
    );
    const viewer = await login(site.url, 'viewer', 'viewer-password-123');
    expect(
      (await client(site.url, viewer).patch('/api/site-settings', { heroTitle: 'By the editor' }))
        .status,
    ).toBe(200);
    const forbidden = await client(site.url, viewer).get('/api/admin/contact-forms');
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.message).toBe('You do not have permission to do this');
    const admin = await login(site.url, 'admin', 'admin-password-123');
    const ok = await client(site.url, admin).patch('/api/site-settings', {
      heroTitle: 'New title',
    });
    expect(ok.status).toBe(200);
    expect(ok.json.heroTitle).toBe('New title');
    expect((await client(site.url).get('/api/site-settings')).json.heroTitle).toBe('New title');
  });
});

describe('login throttling', () => {
  it('locks a username+address after 5 failures with 429 and Retry-After', async () => {
    await createTestUser('target', 'target-password-123', false);
    const c = client(site.url);
    for (let i = 0; i < 5; i++)
      expect(
        (await c.post('/api/auth/login', { username: 'target', password: 'nope-nope' })).status,
      ).toBe(401);
    const locked = await c.post('/api/auth/login', {
      username: 'target',
      password: 'target-password-123',
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(500);
  });
});
