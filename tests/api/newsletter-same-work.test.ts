/**
 * A signup's answer time must not tell a new address from a known one: the request does the same
 * Blobs calls, in the same order, whatever the store holds (a new address, one already confirmed,
 * one waiting for its link). Counted through a proxy in front of the local Blobs server rather
 * than timed, which would be flaky. Only the confirmation mail that is still wanted is delivered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importConfirmedSubscriber } from '../../src/server/visitors/newsletter';
import { countBlobCalls } from '../helpers/blobs-counter';
import { mailTo } from '../helpers/mail';
import { client, startTestSite, type TestSite } from '../helpers/platform';

let site: TestSite;
let counter: Awaited<ReturnType<typeof countBlobCalls>>;
beforeAll(async () => {
  site = await startTestSite();
  counter = await countBlobCalls();
});
afterAll(async () => {
  await counter.close();
  await site.close();
});

/**
 * The calls a signup makes before its answer, as "METHOD store (condition)": keys differ by
 * address and time, so only the store and the kind of call are compared. The request ends with
 * queueing its mail; what follows (delivery) runs after the answer.
 */
async function signupCalls(email: string): Promise<string[]> {
  await site.platform.backgroundIdle();
  const { result, calls } = await counter.during(() =>
    client(site.url).post('/api/newsletter', { email }),
  );
  expect(result.status, result.text).toBe(201);
  const queued = calls.findIndex((c) =>
    /^PUT \/[^/]+\/site:mail\/queue\//.test(decodeURIComponent(c)),
  );
  return calls.slice(0, queued === -1 ? calls.length : queued + 1).map((c) => {
    const [method, path] = c.split(' ');
    return `${method} ${decodeURIComponent(path!).split('/')[2]}`;
  });
}

describe('a signup', () => {
  it('makes the same Blobs calls for a new, a confirmed and a pending address', async () => {
    await importConfirmedSubscriber('known@example.org');
    expect(
      (await client(site.url).post('/api/newsletter', { email: 'waiting@example.org' })).status,
    ).toBe(201);

    const fresh = await signupCalls('fresh@example.org');
    expect(await signupCalls('known@example.org')).toEqual(fresh);
    expect(await signupCalls('waiting@example.org')).toEqual(fresh);
    expect(await signupCalls('another-fresh@example.org')).toEqual(fresh);

    // Only the wanted mail goes out: one link to each new address, none to the confirmed one, and
    // no second link within ten minutes to the one waiting.
    await site.platform.backgroundIdle();
    expect(await mailTo(site.dataDir, 'fresh@example.org')).toHaveLength(1);
    expect(await mailTo(site.dataDir, 'known@example.org')).toHaveLength(0);
    expect(await mailTo(site.dataDir, 'waiting@example.org')).toHaveLength(1);
  });
});
