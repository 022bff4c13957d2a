import {
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
  request,
} from '@playwright/test';
import { type AdminSession, buildsDone, expect, RECHECK_MS, test as base } from './fixtures';

/**
 * Browser-test helpers for the admin app. Admin specs sign in as their own admin user (one per
 * worker, created straight in the store: the adminSession fixture in fixtures.ts): another suite's
 * logout revokes every session of its user, which must not sign these tests out midway.
 */

export { buildsDone, createUser } from './fixtures';

/** Playwright test with a signed-in admin session (made once per worker, reused by every test). */
export const test = base.extend<{ admin: { username: string } }>({
  storageState: async ({ adminSession }, use) => use(adminSession.state),
  admin: async ({ adminSession }, use) => use({ username: adminSession.username }),
});

/** Opens an admin page and waits until the app shows it. */
export async function openAdmin(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  // The page's code loads on first open; a busy two-core machine can take more than the default 10 s.
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
    timeout: 20_000,
  });
}

/**
 * Like waitForLive, but a failed rebuild fails the test at once with the build's own error: the
 * save's rebuild is part of what the test checks, so publishing again would hide a real failure.
 */
export async function waitForPublished(
  page: Page,
  path: string,
  text: string,
  present = true,
  timeoutMs = 90_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        await buildsDone();
        const html = await (await page.request.get(path)).text();
        if (html.includes(text) === present) return true;
        const publish = await (await page.request.get('/api/admin/publish')).json();
        // Thrown here, the error ends the poll (a value would only be polled again until the timeout).
        if (publish.state === 'failed') throw new Error(`The rebuild failed: ${publish.lastError}`);
        return false;
      },
      { timeout: timeoutMs, intervals: [RECHECK_MS] },
    )
    .toBe(true);
}

/**
 * Changes that several tests of one file save, proved live by one rebuild instead of one each.
 * Each test makes its change in the admin and reads it back there; `expectLive` notes what its
 * page must show once published, and `undo` how to put the content back. A later test of the
 * file calls `verify`: one build takes every change live, and each is waited for as
 * `waitForPublished` does (a failed build fails at once). The file runs in serial mode, so a
 * failure skips the rest rather than verifying against a new worker's site, and its `afterAll`
 * calls `putBackAs`, so no change reaches the worker's later files, whatever failed.
 */
export class SharedRebuild {
  private checks: { path: string; text: string; present: boolean }[] = [];
  private after: ((page: Page) => Promise<void>)[] = [];
  private undos: ((api: APIRequestContext) => Promise<APIResponse>)[] = [];

  /** After the rebuild, `path` shows `text` (or, with present false, no longer does). */
  expectLive(path: string, text: string, present = true): void {
    this.checks.push({ path, text, present });
  }

  /** More checks of the published pages, run once every expected text is live. */
  thenCheck(check: (page: Page) => Promise<void>): void {
    this.after.push(check);
  }

  /** A request that puts content back; a record already deleted (404) counts as put back. */
  undo(step: (api: APIRequestContext) => Promise<APIResponse>): void {
    this.undos.push(step);
  }

  async verify(page: Page): Promise<void> {
    expect(this.checks.length, 'no change was saved for the rebuild to check').toBeGreaterThan(0);
    for (const c of this.checks) await waitForPublished(page, c.path, c.text, c.present);
    for (const check of this.after) await check(page);
  }

  /** Runs every undo step not run yet, newest first, signed in as the worker's admin. */
  async putBackAs(baseURL: string, session: AdminSession): Promise<void> {
    const steps = this.undos.reverse();
    this.undos = [];
    if (!steps.length) return;
    const api = await request.newContext({ baseURL, storageState: session.state });
    const failures: string[] = [];
    try {
      for (const step of steps) {
        const res = await step(api).catch((error: Error) => error);
        if (res instanceof Error) failures.push(res.message);
        else if (!res.ok() && res.status() !== 404)
          failures.push(`${res.url()} answered ${res.status()}: ${await res.text()}`);
      }
    } finally {
      await api.dispose();
    }
    expect(failures, 'putting the content back').toEqual([]);
  }
}

/**
 * Opens `url` in `reader` until it answers 200: a preview page exists once the rebuild that
 * renders it is done (until then its link says the page is being prepared).
 */
export async function openWhenBuilt(reader: Page, url: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await buildsDone();
        return (await reader.goto(url))!.status();
      },
      { timeout: 120_000, intervals: [RECHECK_MS] },
    )
    .toBe(200);
}

/**
 * Activates a control from the keyboard (focus + Enter), as a keyboard-only admin would; also
 * immune to toasts that happen to cover the control's corner of the screen.
 */
export async function press(target: Locator): Promise<void> {
  await target.focus();
  await target.press('Enter');
}

/** A name no other test run uses. */
export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export { expect };
