import { client, createTestUser, login, startTestSite, type TestSite } from './platform';

/** A JSON client as `client()` returns it. */
export type Client = ReturnType<typeof client>;

export interface AdminSite {
  site: TestSite;
  /** Signed in with isAdmin. */
  admin: Client;
  /** Signed in as an editor (a user without isAdmin reads as an editor). */
  viewer: Client;
  /** Signed out. */
  anon: Client;
  /** How often the build hook has been called (API-only sites record calls and build nothing). */
  hookCalls(): number;
  close(): Promise<void>;
}

/** The API-test platform (no page builds) with an admin and a non-admin signed in. */
export async function startAdminSite(): Promise<AdminSite> {
  const site = await startTestSite();
  await createTestUser('admin', 'admin-password-123', true);
  await createTestUser('viewer', 'viewer-password-123', false);
  return {
    site,
    admin: client(site.url, await login(site.url, 'admin', 'admin-password-123')),
    viewer: client(site.url, await login(site.url, 'viewer', 'viewer-password-123')),
    anon: client(site.url),
    hookCalls: () => site.platform.hookCalls,
    close: () => site.close(),
  };
}

/** A syntactically valid JSON body just over the 64 KB limit. */
export const OVERSIZED = JSON.stringify({ title: 'x'.repeat(70 * 1024) });

/** Headers a cross-site browser request would carry. */
export const CROSS_SITE = { Origin: 'https://evil.example' };
