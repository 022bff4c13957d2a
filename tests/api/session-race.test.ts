/**
 * A sign-in that races a password reset must not keep a session: the session is valid from the
 * moment its password was checked, so a reset that lands between the check and the token ends it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestSite, type TestSite } from '../helpers/platform';
import { advanceClock } from '../helpers/clock';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

describe('sessions and password resets', () => {
  it('a token for a password checked before a reset is refused, however late it is signed', async () => {
    const { issueToken, sessionUser, SESSION_COOKIE } =
      await import('../../src/server/auth/session');
    const { findUser, setPassword } = await import('../../src/server/auth/users');
    await createTestUser('racer', 'racer-password-1', true);
    const checkedAt = Date.now();
    const asChecked = (await findUser('racer'))!;
    // The reset lands while the sign-in is between its password check and its token.
    advanceClock(5);
    await setPassword('racer', 'reset-password-1');
    const token = await issueToken(asChecked, checkedAt);
    const req = new Request('http://localhost/api/auth/me', {
      headers: { Cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(await sessionUser(req)).toBeNull();
    // A password checked after the reset gives a session that works.
    const fresh = await issueToken((await findUser('racer'))!, Date.now());
    expect(
      await sessionUser(
        new Request('http://localhost/', { headers: { Cookie: `${SESSION_COOKIE}=${fresh}` } }),
      ),
    ).not.toBeNull();
  });
});
