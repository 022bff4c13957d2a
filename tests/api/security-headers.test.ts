import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSecret } from '../../src/server/auth/session';
import {
  buildPages,
  client,
  createTestUser,
  startTestSite,
  type TestSite,
} from '../helpers/platform';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite({ pages: true });
  await buildPages(site);
}, 180_000);
afterAll(() => site.close());

const expectCommon = (h: Headers) => {
  expect(h.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
  expect(h.get('x-content-type-options')).toBe('nosniff');
  expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(h.get('permissions-policy')).toContain('camera=()');
  expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'");
};

describe('security headers', () => {
  it('are on every page, and the page CSP allows no inline script without a hash', async () => {
    for (const p of ['/', '/no-such-page']) {
      const res = await fetch(site.url + p);
      expectCommon(res.headers);
      const html = await res.text();
      const meta =
        /<meta http-equiv="content-security-policy" content="([^"]+)"/i.exec(html)?.[1] ?? '';
      const scriptSrc = /script-src ([^;]+)/.exec(meta)?.[1] ?? '';
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(meta).toContain("object-src 'none'");
      // Every inline script the page runs (Astro's own and the page's loading order) is allowed by its hash.
      const inline = [...html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map(
        (m) => m[1]!,
      );
      expect(inline.length).toBeGreaterThanOrEqual(2);
      for (const code of inline)
        expect(scriptSrc).toContain(
          `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
        );
    }
  });

  it('are on API answers, errors included', async () => {
    for (const p of ['/api/site-settings', '/api/auth/me', '/api/nope']) {
      const res = await fetch(site.url + p);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      if (p !== '/api/nope') expectCommon(res.headers);
    }
  });

  it('hashed assets are cached for a year, pages revalidate', async () => {
    // The home page carries its CSS inline; every other page links the hashed file.
    const html = await (await fetch(`${site.url}/team`)).text();
    const asset = /\/_astro\/[^"']+\.css/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    expect((await fetch(site.url + asset)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await fetch(`${site.url}/`)).headers.get('cache-control')).toContain('must-revalidate');
  });
});

describe('session tokens', () => {
  it('refuses an expired token signed with the right secret', async () => {
    const user = await createTestUser('expiring', 'expiring-password-1', true);
    // The secret the site made for itself (the test runs in the platform's process).
    const key = await sessionSecret();
    const old = Math.floor(Date.now() / 1000) - 10 * 3600;
    const token = await new SignJWT({ iatMs: old * 1000, uid: user.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('expiring')
      .setIssuer('meridian-site')
      .setAudience('meridian-admin')
      .setIssuedAt(old)
      .setExpirationTime(old + 3600)
      .sign(key);
    expect((await client(site.url, `mi_session=${token}`).get('/api/auth/me')).status).toBe(401);
  });

  it('refuses a token signed with another algorithm or secret', async () => {
    const user = await createTestUser('forger', 'forger-password-12', true);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ iatMs: Date.now(), uid: user.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('forger')
      .setIssuer('meridian-site')
      .setAudience('meridian-admin')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('a-different-secret-that-is-long-enough-000'));
    expect((await client(site.url, `mi_session=${token}`).get('/api/auth/me')).status).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'forger', uid: user.id, iatMs: Date.now() })).toString('base64url')}.`;
    expect((await client(site.url, `mi_session=${none}`).get('/api/auth/me')).status).toBe(401);
  });
});
