/**
 * Wrong second-factor codes are limited per account, from every address together: whoever tries
 * codes already has the password, and 20 addresses must not buy 20 times the guesses.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/server/auth/throttle';
import { startAdminSite } from '../helpers/admin-site';
import type { TestSite } from '../helpers/platform';
import { rawRequest } from '../helpers/raw-request';

let site: TestSite;
let totp: TOTP;
const USER = { username: 'guarded', password: 'guarded-password-1' };

beforeAll(async () => {
  const started = await startAdminSite({ users: { admin: USER } });
  site = started.site;
  const c = started.admin;
  const setup = await c.post('/api/account/two-factor/setup');
  totp = new TOTP({ secret: Secret.fromBase32(setup.json.secret), digits: 6, period: 30 });
  expect((await c.post('/api/account/two-factor/confirm', { code: totp.generate() })).status).toBe(
    200,
  );
});
afterAll(() => site.close());

/** A sign-in with a code, sent from loopback address 127.0.0.<n> (the server sees each as its own visitor). */
const signInFrom = (n: number, code: string) =>
  rawRequest(`${site.url.replace('localhost', '127.0.0.1')}/api/auth/login`, {
    headers: {
      'Content-Type': 'application/json',
      Origin: site.url.replace('localhost', '127.0.0.1'),
    },
    body: JSON.stringify({ ...USER, code }),
    localAddress: `127.0.0.${n}`,
  });

describe('second-factor codes', () => {
  it(`allow ${LOGIN_LIMITS.perAccountCodes} wrong codes per account across 20 addresses, then lock the account's code step`, async () => {
    const right = totp.generate();
    const wrong = right === '000000' ? '111111' : '000000';
    const results = [];
    for (let n = 2; n < 22; n++)
      for (let i = 0; i < 3; i++) results.push(await signInFrom(n, wrong));
    const checked = results.filter((r) => r.status === 401).length;
    expect(checked).toBe(LOGIN_LIMITS.perAccountCodes);
    expect(results.filter((r) => r.status === 429)).toHaveLength(results.length - checked);
    expect(results.at(-1)!.json.message).toBe(
      'Too many wrong codes for this account. Please wait 10 minutes and try again.',
    );
    // Locked for a fresh address too, even with the right code: the lock is on the account.
    const fresh = await signInFrom(40, totp.generate({ timestamp: Date.now() + 30_000 }));
    expect(fresh.status).toBe(429);
  });
});
