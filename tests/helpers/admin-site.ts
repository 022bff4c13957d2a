import { afterAll, beforeAll, expect } from 'vitest';
import { client, createTestUser, login, startTestSite, type TestSite } from './platform';

/** A JSON client as `client()` returns it. */
export type Client = ReturnType<typeof client>;

/** A user a test site starts with. */
export interface Account {
  username: string;
  password: string;
}

/** The users a site starts with unless the test names its own. */
export const ADMIN: Account = { username: 'admin', password: 'admin-password-123' };
export const VIEWER: Account = { username: 'viewer', password: 'viewer-password-123' };
export const CONTRIBUTOR: Account = {
  username: 'contributor',
  password: 'contributor-password-123',
};
const DEFAULT_USERS = { admin: ADMIN, viewer: VIEWER };

/**
 * The users to create and sign in, by role: `admin` with isAdmin, `viewer` without (a user
 * without isAdmin reads as an editor). A role left out has no user.
 */
export interface Users {
  admin?: Account;
  viewer?: Account;
  /** A contributor: their saves become proposals. */
  contributor?: Account;
}

export interface AdminSiteOptions<U extends Users> {
  /** Builds the pages (tests that read them); API-only sites record build-hook calls and build nothing. */
  pages?: boolean;
  /** Starts with the demo content. */
  seed?: boolean;
  /** Default: ADMIN and VIEWER. */
  users?: U;
}

/** A signed-in client, with its session cookie for requests made by hand. */
export type Session = Client & { cookie: string };

export type AdminSite<U extends Users = typeof DEFAULT_USERS> = {
  site: TestSite;
  /** Signed out. */
  anon: Client;
  /** How often the build hook has been called (API-only sites record calls and build nothing). */
  hookCalls(): number;
  close(): Promise<void>;
} & { [R in keyof U]-?: Session };

/** The test platform (no page builds unless asked) with its users created and signed in. */
export async function startAdminSite<U extends Users = typeof DEFAULT_USERS>(
  opts: AdminSiteOptions<U> = {},
): Promise<AdminSite<U>> {
  const site = await startTestSite({ pages: opts.pages, seed: opts.seed });
  const users: Users = opts.users ?? DEFAULT_USERS;
  // Every user exists before anyone signs in, the admin first.
  const accounts = (['admin', 'viewer', 'contributor'] as const).flatMap((role) =>
    users[role] ? [{ role, ...users[role] }] : [],
  );
  for (const { role, username, password } of accounts)
    await createTestUser(
      username,
      password,
      role === 'admin',
      role === 'contributor' ? 'contributor' : undefined,
    );
  const sessions: Partial<Record<keyof Users, Session>> = {};
  for (const { role, username, password } of accounts) {
    const cookie = await login(site.url, username, password);
    sessions[role] = { ...client(site.url, cookie), cookie };
  }
  return {
    ...sessions,
    site,
    anon: client(site.url),
    hookCalls: () => site.platform.hookCalls,
    close: () => site.close(),
  } as unknown as AdminSite<U>;
}

/**
 * One site for every test of the file: started before the first, closed after the last. The
 * object is filled in when the site has started, so read it in tests and hooks, not at load.
 */
export function useAdminSite<U extends Users = typeof DEFAULT_USERS>(
  opts: AdminSiteOptions<U> = {},
): AdminSite<U> {
  const t = {} as AdminSite<U>;
  beforeAll(async () => {
    Object.assign(t, await startAdminSite(opts));
  });
  afterAll(() => t.close());
  return t;
}

/** Creates a record through the API and answers its id; any answer but 201 fails the test, showing it. */
export async function createRecord(
  who: Client,
  collection: string,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await who.post(`/api/${collection}`, body);
  expect(res.status, res.text).toBe(201);
  return (res.json as { id: string }).id;
}

/** A syntactically valid JSON body just over the 64 KB limit. */
export const OVERSIZED = JSON.stringify({ title: 'x'.repeat(70 * 1024) });

/** Headers a cross-site browser request would carry. */
export const CROSS_SITE = { Origin: 'https://evil.example' };
