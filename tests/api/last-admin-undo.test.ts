import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestUser, startTestSite, type TestSite } from '../helpers/platform';
import { advanceClock } from '../helpers/clock';

// The last-admin rule checks again after a change and undoes it when no active admin is left. The
// undo once rewrote role and active from a copy read before the change, so another admin's change
// to the same user, saved and answered in between, was silently reverted (a deactivated user could
// sign in again). A proxy in front of the real Blobs server holds the rule's second look at the
// users until the other admin's change has been answered.
let site: TestSite;
let proxy: http.Server;
let good: string;
let hold: 'off' | 'armed' | 'next-list' = 'off';
let held: (() => void) | null = null;
let onHeld: () => void = () => {};

beforeAll(async () => {
  site = await startTestSite();
  good = process.env.NETLIFY_BLOBS_CONTEXT!;
  const ctx = JSON.parse(Buffer.from(good, 'base64').toString());
  const upstream = new URL(ctx.edgeURL);
  proxy = http.createServer((req, res) => {
    const [, , store, key] = new URL(req.url ?? '/', 'http://x').pathname.split('/');
    const pass = () => {
      const out = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      req.pipe(out);
    };
    if (store === 'site:users' && req.method === 'PUT' && hold === 'armed') hold = 'next-list';
    else if (store === 'site:users' && req.method === 'GET' && !key && hold === 'next-list') {
      hold = 'off';
      held = pass;
      onHeld();
      return;
    }
    pass();
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
    JSON.stringify({ ...ctx, edgeURL: url, uncachedEdgeURL: url }),
  ).toString('base64');
});
afterAll(async () => {
  process.env.NETLIFY_BLOBS_CONTEXT = good;
  await new Promise((r) => proxy.close(r));
  await site.close();
});

it("the last-admin rule's undo takes back only its own change, never another admin's saved one", async () => {
  const users = await import('../../src/server/auth/users');
  await createTestUser('anna', 'anna-password-1', true);
  await createTestUser('boris', 'boris-password-1', true);

  // Request 1 demotes boris; its second look at the users is held.
  hold = 'armed';
  const reachedCheck = new Promise<void>((r) => (onHeld = r));
  const demote = users.changeUser('boris', { role: 'editor' }).then(
    () => 200,
    (e: { status?: number }) => e.status,
  );
  await reachedCheck;
  // Meanwhile another admin deactivates boris (an editor now, so the rule allows it) and is told so.
  expect((await users.changeUser('boris', { active: false })).active).toBe(false);
  // ...and anna stops being an admin by a path the rule does not see, so request 1 finds none left.
  await users.updateUser('anna', (u) => ({ ...u, role: 'editor' }));
  held!();

  expect(await demote).toBe(409);
  const boris = await users.getUser('boris');
  expect(boris.active).toBe(false); // the other admin's answered change stands
  expect(boris.role).toBe('admin'); // the refused change left nothing of itself
});

it("the undo of a refused password reset never brings back a password another admin's reset removed", async () => {
  const users = await import('../../src/server/auth/users');
  await users.updateUser('anna', (u) => ({ ...u, role: 'admin', active: true }));
  await users.updateUser('boris', (u) => ({ ...u, role: 'admin', active: true }));

  hold = 'armed';
  const reachedCheck = new Promise<void>((r) => (onHeld = r));
  const reset = users.clearPassword('boris').then(
    () => 200,
    (e: { status?: number }) => e.status,
  );
  await reachedCheck;
  advanceClock(5); // the other reset is stamped a moment later
  expect((await users.clearPassword('boris')).passwordHash).toBeNull();
  await users.updateUser('anna', (u) => ({ ...u, role: 'editor' }));
  held!();

  expect(await reset).toBe(409);
  expect(await users.verifyCredentials('boris', 'boris-password-1')).toBeNull();
});
