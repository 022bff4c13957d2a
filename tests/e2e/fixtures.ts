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

export const test = base;
export { expect, USERS };
