import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test as base } from '@playwright/test';
import { USERS } from './global-setup';

/** Signs the page's browser context in through the API (the cookie is shared with the page). */
export async function signIn(page: Page, who: keyof typeof USERS = 'admin'): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: USERS[who] });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Waits until the served HTML of `path` contains `text`, i.e. the rebuild after a save is live.
 */
export async function waitForLive(page: Page, path: string, text: string, timeoutMs = 45_000): Promise<void> {
  await expect
    .poll(async () => (await (await page.request.get(path)).text()).includes(text), { timeout: timeoutMs, intervals: [500] })
    .toBe(true);
}

/**
 * Runs `fn` while no test in another worker holds `name`. The workers share one site, so a test
 * that sets a site-wide setting the pages show (and puts it back) holds its name until the page
 * is back as it was, and so does a test that checks the untouched setting: neither sees the
 * other's moment. The lock is a folder (mkdir is atomic) beside the site's data.
 */
export async function exclusively<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(process.env.E2E_DATA_DIR || tmpdir(), 'e2e-locks', name);
  await mkdir(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

export const test = base;
export { expect, USERS };
