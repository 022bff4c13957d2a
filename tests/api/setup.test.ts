/**
 * /setup without a terminal: the first admin from the setup code while no user exists, then a
 * closed door (404); lock-out recovery with RECOVERY_CODE, recorded in History and emailed to
 * every admin; wrong codes 403, throttled to 429; the session secret the site made for itself
 * outlives a restart.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform } from '../../scripts/platform';
import { openStore, STORES } from '../../src/server/storage/store';
import { linkIn, mailTo, newestMailTo } from '../helpers/mail';
import { client, startTestSite, type TestSite } from '../helpers/platform';

// The platform runs in this process: the functions read these.
const SETUP_CODE = 'test-setup-code-0123456789';
const RECOVERY_CODE = 'test-recovery-code-0123456789';
process.env.SETUP_CODE = SETUP_CODE;
process.env.RECOVERY_CODE = RECOVERY_CODE;
delete process.env.SESSION_SECRET;

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

const anon = () => client(site.url);
const FIRST = { username: 'founder', email: 'Founder@Example.org', password: 'founder-password-1' };
const cookieOf = (res: { headers: Headers }) => res.headers.getSetCookie()[0]!.split(';')[0]!;

/** Forgets the wrong codes counted so far (they would hold the next test back for 10 minutes). */
async function forgetGuesses() {
  const store = openStore(STORES.throttle);
  const { blobs } = await store.list({ prefix: 'setup-' });
  await Promise.all(blobs.map((b) => store.delete(b.key)));
}

describe('first-run setup', () => {
  it('is open on an empty store; a wrong code is 403 with a clear message, then 429 after 5', async () => {
    expect((await anon().get('/api/setup')).status).toBe(200);
    const wrong = await anon().post('/api/setup', { ...FIRST, code: 'not-the-code-at-all' });
    expect(wrong.status).toBe(403);
    expect(wrong.json.message).toBe('That code is not right. Check it and try again.');
    for (let i = 0; i < 4; i++)
      expect((await anon().post('/api/setup', { ...FIRST, code: `wrong-${i}` })).status).toBe(403);
    // Even the right code waits now: the address has used its tries.
    const throttled = await anon().post('/api/setup', { ...FIRST, code: SETUP_CODE });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await anon().get('/api/setup')).status).toBe(200);
    await forgetGuesses();
  });

  it('without SETUP_CODE and before any deploy printed a code, says where the code will be (503)', async () => {
    delete process.env.SETUP_CODE;
    try {
      for (let i = 0; i < 6; i++) {
        const res = await anon().post('/api/setup', { ...FIRST, code: 'any-code-at-all' });
        expect(res.status).toBe(503);
        expect(res.json.message).toContain('it appears in the log of the next deploy');
      }
    } finally {
      process.env.SETUP_CODE = SETUP_CODE;
    }
    // Nothing was compared, so nothing was counted: the right code still gets through later.
    const { blobs } = await openStore(STORES.throttle).list({ prefix: 'setup-' });
    expect(blobs).toEqual([]);
  });

  it('checks the fields before the code: the existing password rules apply', async () => {
    const weak = await anon().post('/api/setup', { ...FIRST, password: 'short', code: SETUP_CODE });
    expect(weak.status).toBe(400);
    expect(weak.json.fields.password).toBeTruthy();
  });

  it('lets one setup through at a time, and a claim left by a setup cut off half-way expires', async () => {
    const system = openStore(STORES.system);
    await system.setJSON('setup-claim', { at: new Date().toISOString() });
    const busy = await anon().post('/api/setup', { ...FIRST, code: SETUP_CODE });
    expect(busy.status).toBe(409);
    expect(busy.json.message).toContain('Someone is setting up this site right now');
    await system.setJSON('setup-claim', { at: new Date(Date.now() - 5 * 60_000).toISOString() });
  });

  it('creates the first admin, signed in, asks to confirm the address and records it', async () => {
    // Dashes, spaces and case do not matter.
    const code = ` ${SETUP_CODE.toUpperCase().replace(/-/g, ' ')} `;
    const res = await anon().post('/api/setup', { ...FIRST, code });
    expect(res.status, res.text).toBe(200);
    expect(res.json.username).toBe('founder');
    expect(res.json.message).toContain('We emailed a link to founder@example.org');
    const me = client(site.url, cookieOf(res));
    expect((await me.get('/api/auth/me')).json).toMatchObject({
      username: 'founder',
      role: 'admin',
    });
    const history = await me.get('/api/admin/history?limit=5');
    expect(history.json[0]).toMatchObject({
      user: 'founder',
      target: 'users/founder',
      summary: 'Set up the site: the first admin',
    });
    // The existing verification link confirms the address.
    const mail = await newestMailTo(site, 'founder@example.org');
    const token = linkIn(mail, '/verify-email').searchParams.get('token');
    expect((await anon().post('/api/auth/verify-email', { token })).status).toBe(200);
    expect((await me.get('/api/account/email')).json.email).toBe('founder@example.org');
  });

  it('is gone once a user exists: 404 for the page’s check and for the right code', async () => {
    const check = await anon().get('/api/setup');
    expect(check.status).toBe(404);
    expect(check.json.message).toContain('set up already');
    const again = await anon().post('/api/setup', {
      ...FIRST,
      username: 'intruder',
      code: SETUP_CODE,
    });
    expect(again.status).toBe(404);
    expect(
      (await anon().post('/api/auth/login', { username: 'intruder', password: FIRST.password }))
        .status,
    ).toBe(401);
  });
});

describe('recovery with RECOVERY_CODE', () => {
  it('a wrong recovery code is 403 and changes nothing', async () => {
    const wrong = await anon().post('/api/setup/recover', {
      code: 'not-the-recovery-code',
      username: 'founder',
      password: 'taken-over-password-1',
    });
    expect(wrong.status).toBe(403);
    expect(
      (await anon().post('/api/auth/login', { username: 'founder', password: FIRST.password }))
        .status,
    ).toBe(200);
    await forgetGuesses();
  });

  it('resets an admin’s password, recorded in History and emailed to every admin', async () => {
    expect((await anon().get('/api/setup/recover')).status).toBe(200);
    const res = await anon().post('/api/setup/recover', {
      code: RECOVERY_CODE,
      username: 'founder',
      password: 'recovered-password-1',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.message).toContain('password of founder was reset');
    const old = await anon().post('/api/auth/login', {
      username: 'founder',
      password: FIRST.password,
    });
    expect(old.status).toBe(401);
    const me = client(site.url, cookieOf(res));
    const history = await me.get('/api/admin/history?limit=5');
    expect(history.json[0]).toMatchObject({
      target: 'users/founder',
      summary: expect.stringContaining('Used the recovery code'),
    });
    const mails = await mailTo(site.dataDir, 'founder@example.org');
    const notice = mails.find((m) => m.parsed.subject?.includes('recovery code was used'));
    expect(notice, mails.map((m) => m.parsed.subject).join(', ')).toBeTruthy();
    expect(notice!.parsed.text).toContain('founder was reset');
    expect(notice!.parsed.text).toContain(
      `Someone used the recovery code at ${site.url}/setup on `,
    );
  });

  it('re-creates an admin under a new name, and is 404 when RECOVERY_CODE is not set', async () => {
    // The notice's words are the site settings' (the one above used the built-in wording).
    const founder = await anon().post('/api/auth/login', {
      username: 'founder',
      password: 'recovered-password-1',
    });
    const words = await client(site.url, cookieOf(founder)).patch('/api/site-settings', {
      accountRecoveryMailSubject: 'Recovery code: used',
      accountRecoveryMailBody: 'At {when}: {what}.\n\nAsk who {username} is.',
    });
    expect(words.status, words.text).toBe(200);
    const res = await anon().post('/api/setup/recover', {
      code: RECOVERY_CODE,
      username: 'rescuer',
      password: 'rescuer-password-1',
    });
    expect(res.status, res.text).toBe(200);
    expect((await client(site.url, cookieOf(res)).get('/api/auth/me')).json.role).toBe('admin');
    await site.platform.backgroundIdle(); // the notice is delivered after the response
    const notice = (await mailTo(site.dataDir, 'founder@example.org')).at(-1)!;
    expect(notice.parsed.subject).toBe('Recovery code: used');
    expect(notice.parsed.text).toMatch(
      /^At \w+ \d{1,2}, \d{4}, \d{2}:\d{2} UTC: .*new admin account rescuer.*\.\n\nAsk who rescuer is\.\n\nOpen History: http/,
    );
    delete process.env.RECOVERY_CODE;
    try {
      expect((await anon().get('/api/setup/recover')).status).toBe(404);
      const off = await anon().post('/api/setup/recover', {
        code: RECOVERY_CODE,
        username: 'rescuer',
        password: 'rescuer-password-2',
      });
      expect(off.status).toBe(404);
    } finally {
      process.env.RECOVERY_CODE = RECOVERY_CODE;
    }
  });
});

describe('secrets the site makes for itself', () => {
  it('the session secret is made once, kept in Blobs, and sessions survive a restart', async () => {
    expect(process.env.SESSION_SECRET).toBeUndefined();
    const stored = await openStore(STORES.system).get('secrets/session', { type: 'json' });
    expect(stored.value.length).toBeGreaterThanOrEqual(32);
    const login = await anon().post('/api/auth/login', {
      username: 'rescuer',
      password: 'rescuer-password-1',
    });
    expect(login.status).toBe(200);
    const cookie = cookieOf(login);
    // The same data folder, a new platform (new port, new Blobs server, a cold cache).
    await site.platform.close();
    const platform = await startPlatform({
      projectRoot: process.cwd(),
      dataDir: site.dataDir,
      pages: false,
      log: () => {},
      schedules: false,
    });
    site = {
      ...site,
      url: platform.url,
      platform,
      async close() {
        await platform.close();
        await rm(site.dataDir, { recursive: true, force: true });
      },
    };
    expect((await client(site.url, cookie).get('/api/auth/me')).json.username).toBe('rescuer');
    const again = await openStore(STORES.system).get('secrets/session', { type: 'json' });
    expect(again.value).toBe(stored.value);
  });
});
