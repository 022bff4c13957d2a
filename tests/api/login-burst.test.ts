import { afterEach, describe, expect, it } from 'vitest';
import { client, createTestUser, startTestSite, type TestSite } from '../helpers/platform';

// Each test gets its own store: every request here comes from 127.0.0.1, so the address
// budget (50 failures per 10 minutes) would otherwise carry over from one test to the next.
let site: TestSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const LOCKED = 'Too many failed login attempts. Please wait 10 minutes and try again.';
// A 401 is the only answer that follows a password check, so counting them counts the checks.
const checked = (results: { status: number }[]) => results.filter((r) => r.status === 401).length;

describe('login lockout holds against simultaneous guesses', () => {
  it('a burst of 30 guesses for one user gets at most 5 password checks, and once locked a burst with the right password does not sign in', async () => {
    site = await startTestSite();
    await createTestUser('burst', 'burst-password-123', false);
    const c = client(site.url);
    const guess = (i: number) =>
      c.post('/api/auth/login', { username: 'burst', password: `wrong-guess-${i}` });
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => guess(i)));
    expect(checked(burst)).toBeLessThanOrEqual(5);
    // Simultaneous requests reach the throttle in no promised order, and a refused one is not
    // counted, so the burst may have checked fewer than five: fail until the lock holds.
    let failures = checked(burst);
    while (failures < 5) {
      expect((await guess(100 + failures)).status).toBe(401);
      failures++;
    }
    const locked = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i === 5
          ? c.post('/api/auth/login', { username: 'burst', password: 'burst-password-123' })
          : guess(200 + i),
      ),
    );
    const results = [...burst, ...locked];
    for (const r of locked) expect(r.status).toBe(429);
    for (const r of results.filter((r) => r.status !== 401)) {
      expect(r.status).toBe(429);
      expect(r.json).toEqual({ message: LOCKED });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(results.some((r) => r.headers.getSetCookie().length > 0)).toBe(false);
  }, 120_000);

  it('80 simultaneous failures over 80 usernames from one address: at most 50 checked', async () => {
    site = await startTestSite();
    const c = client(site.url);
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        c.post('/api/auth/login', { username: `nobody-${i}`, password: 'wrong-password' }),
      ),
    );
    expect(checked(results)).toBeLessThanOrEqual(50);
    expect(results.filter((r) => r.status === 429)).toHaveLength(80 - checked(results));
    // The address stays locked for everyone afterwards, once 50 failures are on record.
    const more = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.post('/api/auth/login', { username: `later-${i}`, password: 'wrong-password' }),
      ),
    );
    expect(checked(results) + checked(more)).toBeLessThanOrEqual(50);
  }, 240_000);

  it('a successful sign-in still works and does not count as a failure', async () => {
    site = await startTestSite();
    await createTestUser('steady', 'steady-password-123', false);
    const c = client(site.url);
    const fail = () =>
      c.post('/api/auth/login', { username: 'steady', password: 'not-the-password' });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
      const ok = await c.post('/api/auth/login', {
        username: 'steady',
        password: 'steady-password-123',
      });
      expect(ok.status).toBe(200);
      expect(ok.json).toMatchObject({ username: 'steady', isAuthenticated: true });
    }
    // Five failures in a row still lock, as before.
    for (let i = 0; i < 5; i++) expect((await fail()).status).toBe(401);
    expect((await fail()).status).toBe(429);
  }, 120_000);
});
