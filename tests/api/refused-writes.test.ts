import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startAdminSite } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';

// @netlify/blobs answers a conditional write that the store refused with 401, 403 or 500 as
// `{ modified: true, etag: '' }` (upstream #741). A proxy in front of the real local Blobs server
// passes reads through and refuses every write with the status under test.
let site: TestSite;
let cookie: string;
let goodContext: string;
let proxyContext: string;
let refuseWith = 0;
let proxy: http.Server;

beforeAll(async () => {
  ({
    site,
    admin: { cookie },
  } = await startAdminSite({ users: { admin: ADMIN } }));
  goodContext = process.env.NETLIFY_BLOBS_CONTEXT!;
  const ctx = JSON.parse(Buffer.from(goodContext, 'base64').toString());
  const upstream = new URL(ctx.edgeURL);
  proxy = http.createServer((req, res) => {
    if (refuseWith && req.method !== 'GET' && req.method !== 'HEAD') {
      req.resume();
      res.writeHead(refuseWith, { 'Content-Type': 'text/plain' }).end('refused');
      return;
    }
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
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  proxyContext = Buffer.from(
    JSON.stringify({ ...ctx, edgeURL: url, uncachedEdgeURL: url }),
  ).toString('base64');
}, 120_000);
afterAll(async () => {
  process.env.NETLIFY_BLOBS_CONTEXT = goodContext;
  await new Promise((r) => proxy.close(r));
  await site.close();
});

// A 1×1 PNG: a real image, so only the store can refuse it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const photo = (url: string) => {
  const body = new FormData();
  body.append('testimonial-photo', new Blob([PNG], { type: 'image/png' }), 'photo.png');
  return fetch(`${url}/api/upload/testimonial-photo`, { method: 'POST', body }).then(async (r) => ({
    status: r.status,
    json: await r.json(),
  }));
};

async function refusing<T>(status: number, fn: () => Promise<T>): Promise<T> {
  refuseWith = status;
  process.env.NETLIFY_BLOBS_CONTEXT = proxyContext;
  try {
    return await fn();
  } finally {
    refuseWith = 0;
    process.env.NETLIFY_BLOBS_CONTEXT = goodContext;
  }
}

describe.each([401, 403, 500])('a store that answers %i to writes', (status) => {
  it('answers 503 with a message to every save and keeps nothing', async () => {
    const before = (await client(site.url).get('/api/site-settings')).json;
    const answers = await refusing(status, async () => {
      const admin = client(site.url, cookie);
      const visitor = client(site.url);
      return {
        settings: await admin.patch('/api/site-settings', { heroTitle: `Never saved ${status}` }),
        signup: await visitor.post('/api/newsletter', { email: `lost-${status}@example.org` }),
        contact: await visitor.post('/api/contact', {
          name: 'Ada Lovelace',
          email: 'ada@example.org',
          subject: 'research',
          message: 'This message must not be reported as sent.',
        }),
        testimonial: await visitor.post('/api/testimonials', {
          name: 'Grace Hopper',
          content: 'This testimonial must not be reported as stored.',
          rating: 5,
        }),
        member: await admin.post('/api/team-members', { name: 'Never Added', position: 'Fellow' }),
        photo: await photo(site.url),
      };
    });
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.status, what).toBe(503);
      expect(answer.json?.message, what).toMatch(/unavailable|try again/i);
    }
    await refusing(status, async () => {
      const { createUser } = await import('../../src/server/auth/users');
      await expect(
        createUser({
          username: `nobody${status}`,
          password: 'a-long-password-123',
          isAdmin: false,
        }),
      ).rejects.toThrow(/did not confirm|unavailable/);
    });

    // Nothing claims to be saved: not the record, not history, not the list.
    const admin = client(site.url, cookie);
    expect((await client(site.url).get('/api/site-settings')).json.heroTitle).toBe(
      before.heroTitle,
    );
    expect(
      (await client(site.url).get('/api/team-members')).json.map((m: { name: string }) => m.name),
    ).not.toContain('Never Added');
    const subs = await admin.get(`/api/admin/subscriptions?status=pending&q=lost-${status}`);
    expect(subs.json.total).toBe(0);
    const history = await admin.get('/api/admin/history');
    expect(JSON.stringify(history.json)).not.toContain(`Never saved ${status}`);
    const { createHash } = await import('node:crypto');
    const photoKey = `${createHash('sha256').update(PNG).digest('hex')}.png`;
    expect((await fetch(`${site.url}/api/uploads/${photoKey}`)).status).toBe(404);
    const { findUser } = await import('../../src/server/auth/users');
    expect(await findUser(`nobody${status}`)).toBeNull();
  });
});
