import type { Role } from '../../src/schemas/roles';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { scratchDir } from '../../scripts/local-env';
import { startPlatform, type Platform } from '../../scripts/platform';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface TestSite {
  url: string;
  platform: Platform;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Starts the same platform `npm start` runs, on a random port over a fresh temporary Blobs
 * folder. API tests pass `pages: false` (no page build); browser tests build the pages.
 */
export async function startTestSite(
  opts: { pages?: boolean; seed?: boolean } = {},
): Promise<TestSite> {
  // In memory where the machine allows (scratchDir says why), and its builds with it.
  const dataDir = await scratchDir('site-test-', { inMemory: true });
  // Throttling off unless a test sets a limit (the throttle tests do).
  process.env.PUBLIC_POST_LIMIT ??= '0';
  // A build starts a second after the last save, not 200 ms: a test that saves a record and edits
  // it at once (as an editor does) then waits for one build, not for two in a row.
  const platform = await startPlatform({
    projectRoot: ROOT,
    dataDir,
    pages: opts.pages ?? false,
    log: () => {},
    debounceMs: 1000,
    schedules: false,
  });
  if (opts.seed) {
    const { seedDemoContent } = await import('../../src/server/workflows/seed');
    await seedDemoContent();
  }
  return {
    url: platform.url,
    platform,
    dataDir,
    async close() {
      await platform.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the pages now; fails unless a build is live afterwards. */
export async function buildPages(site: TestSite): Promise<void> {
  await site.platform.build();
  if (!site.platform.builder.site)
    throw new Error(
      `The site did not build: ${site.platform.builder.lastFailure ?? 'no build ran'}`,
    );
}

/** Creates a user directly in the store (bcrypt and all), for tests. */
export async function createTestUser(
  username: string,
  password: string,
  isAdmin: boolean,
  role?: Role,
) {
  const { createUser } = await import('../../src/server/auth/users');
  return createUser({ username, password, isAdmin, ...(role ? { role } : {}) });
}

/** Signs in through the API and returns the Cookie header value. */
export async function login(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie()[0] ?? '';
  return cookie.split(';')[0]!;
}

/** A small JSON client bound to a site and (optionally) a session cookie. */
export function client(url: string, cookie?: string) {
  const call = async (
    method: string,
    p: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${url}${p}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, json, text };
  };
  return {
    get: (p: string, h?: Record<string, string>) => call('GET', p, undefined, h),
    post: (p: string, body?: unknown, h?: Record<string, string>) => call('POST', p, body, h),
    patch: (p: string, body?: unknown, h?: Record<string, string>) => call('PATCH', p, body, h),
    put: (p: string, body?: unknown, h?: Record<string, string>) => call('PUT', p, body, h),
    delete: (p: string, h?: Record<string, string>) => call('DELETE', p, undefined, h),
  };
}
