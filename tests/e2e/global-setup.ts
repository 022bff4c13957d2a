import { createTestUser, startTestSite } from '../helpers/platform';

/** Users every browser test can sign in as. */
export const USERS = {
  admin: { username: 'admin', password: 'admin-password-123' },
  viewer: { username: 'viewer', password: 'viewer-password-123' },
} as const;

/**
 * Starts the real platform once for the browser suite: seeded demo content, the pages built
 * from it, the functions and the build hook, on a random port over a temporary Blobs folder.
 */
export default async function globalSetup() {
  const site = await startTestSite({ pages: true, seed: true });
  await createTestUser(USERS.admin.username, USERS.admin.password, true);
  await createTestUser(USERS.viewer.username, USERS.viewer.password, false);
  await site.platform.build();
  if (!site.platform.builder.site) throw new Error('The site did not build; see the build output above.');
  process.env.E2E_BASE_URL = site.url;
  // Where the site writes its mail (DATA_DIR/outbox): tests read the messages a person would get.
  process.env.E2E_DATA_DIR = site.dataDir;
  return async () => site.close();
}
