import { expect, request, type Page, test as base } from '@playwright/test';
import type { LiveBuild } from '../../scripts/platform/builder';
import { buildPages, createTestUser, startTestSite, type TestSite } from '../helpers/platform';

/** Users every browser test can sign in as (each worker's site has them). */
export const USERS = {
  admin: { username: 'admin', password: 'admin-password-123' },
  viewer: { username: 'viewer', password: 'viewer-password-123' },
} as const;

/**
 * The site a worker's tests run against: its address, its data folder (Blobs, builds, outbox) and
 * the builder that rebuilds it (the environment its builds run with).
 */
export interface WorkerSite {
  url: string;
  dataDir: string;
  builder: TestSite['platform']['builder'];
}

type StorageState = Awaited<
  ReturnType<Awaited<ReturnType<typeof request.newContext>>['storageState']>
>;

/** A signed-in admin session: the cookies of a browser context, and whose they are. */
export interface AdminSession {
  username: string;
  state: StorageState;
}

/** Creates a user in the worker's site's store; one that exists already is left as it is. */
export async function createUser(
  username: string,
  password: string,
  isAdmin: boolean,
): Promise<void> {
  try {
    await createTestUser(username, password, isAdmin);
  } catch (error) {
    if (!String((error as Error).message).includes('already exists')) throw error;
  }
}

/** Signs the page's browser context in through the API (the cookie is shared with the page). */
export async function signIn(page: Page, who: keyof typeof USERS = 'admin'): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: USERS[who] });
  expect(res.status(), await res.text()).toBe(200);
}

/** The builder of this worker's site (the platform runs in the worker's own process). */
let workerBuilder: TestSite['platform']['builder'] | null = null;
/** The worker's first build: the demo pages every test starts from. */
let firstBuild: LiveBuild | null = null;

/**
 * Lets the builds that saves asked for start. The worker's site holds them (Builder.hold): a test
 * reading a page after a save calls this first, in every poll, since a save's hook call can come
 * after the test starts waiting.
 */
export function publishHeldBuilds(): void {
  workerBuilder?.release();
}

/**
 * Lets the held builds start and resolves once every build asked for so far has ended: a check of
 * a page then sees what those builds made, with no polling while they run. A failed build is not
 * an error here: the publish state reports it (waitForPublished reads it).
 */
export async function buildsDone(): Promise<void> {
  publishHeldBuilds();
  await workerBuilder?.idle().catch(() => undefined);
}

/**
 * Between checks of a page that follow buildsDone: only a save whose hook call had not reached the
 * builder yet is still to come, so the next check need not wait long.
 */
export const RECHECK_MS = 100;

/**
 * Waits until the served HTML of `path` contains `text`, i.e. the rebuild after a save is live.
 */
export async function waitForLive(
  page: Page,
  path: string,
  text: string,
  timeoutMs = 45_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        await buildsDone();
        return (await (await page.request.get(path)).text()).includes(text);
      },
      { timeout: timeoutMs, intervals: [RECHECK_MS] },
    )
    .toBe(true);
}

/**
 * Makes `page.goto` also wait for the page's scripts to have run: they start only once the page is
 * on screen (src/lib/after-paint.ts), often after the load event goto waits for, and a click before
 * then would meet a button with nothing behind it yet. A goto with its own waitUntil (a test
 * holding the clock still, for one) waits only for that, and so does a page with JavaScript off,
 * whose scripts never run. Every test's `page` is made so; a page a file opens itself can be too.
 */
export function gotoWaitsForScripts(page: Page, javaScriptEnabled = true): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil === undefined && javaScriptEnabled) {
      await page.waitForFunction(() => {
        const state = document.documentElement.getAttribute('data-scripts');
        return (
          state === 'ready' ||
          (state === null && !document.querySelector('script[data-after-paint]'))
        );
      });
    }
    return response;
  };
  return page;
}

/**
 * Every worker runs the real platform of its own: seeded demo content, the users above, the pages
 * built, the functions and the build hook, on a random port over a temporary Blobs folder. A test
 * that saves a setting and waits for the rebuild then shares its site with no test of another
 * worker, and no test needs to hold the site still for itself. The platform runs in the
 * worker's own process (its functions read this process's environment); tests that read the
 * outbox take its data folder from the fixture. After the first build the site holds the builds
 * saves ask for until a test waits for a page (publishHeldBuilds): most tests read what they
 * saved back through the API and the islands, and their rebuilds were most of the suite's time.
 * Every test starts from the pages of that first build (the firstPages fixture).
 */
export const test = base.extend<
  { buildClock: (ms: number) => void; firstPages: void },
  { site: WorkerSite; adminSession: AdminSession }
>({
  site: [
    async ({}, use) => {
      const site = await startTestSite({ pages: true, seed: true });
      await createTestUser(USERS.admin.username, USERS.admin.password, true);
      await createTestUser(USERS.viewer.username, USERS.viewer.password, false);
      await buildPages(site);
      site.platform.builder.hold = true;
      workerBuilder = site.platform.builder;
      firstBuild = site.platform.builder.keepLive();
      await use({ url: site.url, dataDir: site.dataDir, builder: site.platform.builder });
      workerBuilder = null;
      firstBuild = null;
      await site.close();
    },
    // Started before any test of the worker asks for it (every test reads baseURL from it); a
    // build on a busy machine can take more than the default 30 s.
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  /**
   * The session admin specs run in (admin-fixtures.ts): an admin user of the worker's own, signed
   * in on first use and kept for the worker. Registered here rather than there because a worker
   * only runs tests with the same worker fixtures: with a set of their own, admin specs and the
   * rest would each need workers of their own, and every new worker builds another site.
   */
  adminSession: [
    async ({ site }, use, workerInfo) => {
      const username = `e2e-admin-${workerInfo.parallelIndex}-${process.pid}`;
      const password = 'admin-app-password-123';
      await createUser(username, password, true);
      const ctx = await request.newContext({ baseURL: site.url });
      const res = await ctx.post('/api/auth/login', { data: { username, password } });
      expect(res.status(), await res.text()).toBe(200);
      const state = await ctx.storageState();
      await ctx.dispose();
      await use({ username, state });
    },
    { scope: 'worker' },
  ],
  /**
   * After each test the site serves its first build again, as a rollback would: a test that
   * published a change (and put the content back) needs no second rebuild to take the change off
   * the pages, and no test meets pages another test changed. What the store holds is unchanged;
   * the next build a test releases renders it.
   */
  firstPages: [
    async ({ site }, use) => {
      await use();
      if (!firstBuild || site.builder.site === firstBuild.site) return;
      await site.builder.idle();
      await site.builder.serve(firstBuild);
    },
    { auto: true },
  ],
  baseURL: async ({ site }, use) => use(site.url),
  /** A page whose goto also waits for the page's scripts to have run (gotoWaitsForScripts). */
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(gotoWaitsForScripts(page, javaScriptEnabled !== false));
  },
  /**
   * Sets the moment the site's next builds render for (BUILD_CLOCK_MS: what is scheduled up to it
   * is public), so a test sees a release go live without waiting for its time. The builds of the
   * worker's later tests render for the real time again.
   */
  buildClock: async ({ site }, use) => {
    const before = site.builder.env.BUILD_CLOCK_MS;
    await use((ms) => {
      site.builder.env.BUILD_CLOCK_MS = String(ms);
    });
    if (before === undefined) delete site.builder.env.BUILD_CLOCK_MS;
    else site.builder.env.BUILD_CLOCK_MS = before;
  },
});
export { expect };
