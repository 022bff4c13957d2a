/**
 * The setup code makes one first admin, also when two people use it at the same moment just after
 * a setup was cut off half-way and left its claim behind: both find that claim stale, and only one
 * of them may take it over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, STORES } from '../../src/server/storage/store';
import { countBlobCalls } from '../helpers/blobs-counter';
import { client, startTestSite, type TestSite } from '../helpers/platform';

// The platform runs in this process: the functions read these.
const SETUP_CODE = 'test-setup-code-0123456789';
process.env.SETUP_CODE = SETUP_CODE;

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

const anon = () => client(site.url);
const setUp = (username: string) =>
  anon().post('/api/setup', {
    code: SETUP_CODE,
    username,
    email: `${username}@example.org`,
    password: `${username}-password-1`,
  });

describe('first-run setup after a setup was cut off', () => {
  it('two people taking over the stale claim at once make one admin', async () => {
    await openStore(STORES.system).setJSON('setup-claim', {
      at: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    // Each setup's write to the claim after it read the claim (and found it stale) waits until both
    // have read it; the first then goes on and is held again at its write of the admin, and only
    // then does the second go on.
    let readClaim = false;
    let pastClaim = false;
    const atClaim: (() => void)[] = [];
    let bothAtClaim!: () => void;
    const bothRead = new Promise<void>((r) => (bothAtClaim = r));
    let userHeld = false;
    let releaseUser!: () => void;
    const userGate = new Promise<void>((r) => (releaseUser = r));
    const blobs = await countBlobCalls({
      latencyMs: (call) => {
        if (/^GET .*\/setup-claim$/.test(call)) readClaim = true;
        else if (!pastClaim && readClaim && /^(PUT|DELETE) .*\/setup-claim$/.test(call))
          return new Promise<void>((r) => {
            atClaim.push(r);
            if (atClaim.length < 2) return;
            pastClaim = true;
            bothAtClaim();
          });
        else if (!userHeld && /^PUT .*users\//.test(call)) return ((userHeld = true), userGate);
        return 0;
      },
    });
    try {
      const first = setUp('first-founder');
      const second = setUp('second-founder');
      await bothRead;
      atClaim[0]!();
      await expect.poll(() => userHeld, { interval: 5 }).toBe(true);
      atClaim[1]!();
      // The second goes its whole way while the first waits to write its admin.
      await Promise.race([first, second]);
      releaseUser();
      const statuses = (await Promise.all([first, second])).map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    } finally {
      for (const go of atClaim) go();
      releaseUser();
      await blobs.close();
    }
    const signIns = await Promise.all(
      ['first-founder', 'second-founder'].map(
        async (u) =>
          (await anon().post('/api/auth/login', { username: u, password: `${u}-password-1` }))
            .status,
      ),
    );
    expect(signIns.filter((s) => s === 200)).toHaveLength(1);
  });
});
