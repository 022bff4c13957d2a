import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { DEMO } from '../../src/server/content/demo-content';
import { buildsDone, RECHECK_MS, USERS } from './fixtures';

/** The demo content every home test can rely on (other suites may add, never remove, items). */
export { DEMO };

// Where the popup's gate stands (waiting, postponed, checking, skipped, open): its decisions, not a delay.
export const popupGate = (page: Page) => page.locator('html');
export const newsletterPopup = (page: Page) =>
  page.getByRole('dialog', { name: 'Stay ahead of AI' });

/**
 * Loads / with a paused fake clock at t = 1 s, so the popup's 30 s delay is stepped through
 * exactly. The page starts its scripts two animation frames after it is painted, which the paused
 * clock holds back: a tenth of a second lets them start, and the gate says when the popup's has.
 */
export async function openHomeWithPausedClock(page: Page): Promise<void> {
  await page.clock.install({ time: 0 });
  await page.clock.pauseAt(1_000);
  await page.goto('/', { waitUntil: 'load' });
  await page.clock.runFor(100);
  await expect(popupGate(page)).toHaveAttribute('data-newsletter-popup', 'waiting');
}

/**
 * Waits until what drives `inside` has started: the React island around it has hydrated (Astro
 * drops its `ssr` attribute then), or, for a section with a plain script of its own (the
 * counters, the video area), the page's scripts have run (src/lib/after-paint.ts).
 */
export async function waitForIsland(page: Page, inside: Locator): Promise<void> {
  await inside.scrollIntoViewIfNeeded();
  const island = page.locator('astro-island').filter({ has: inside }).last();
  if (await island.count()) await expect(island).not.toHaveAttribute('ssr', /.*/);
  else await expect(page.locator('html')).toHaveAttribute('data-scripts', 'ready');
}

/** Polls the served HTML of `path` until `text` is gone (a rebuild after a save is live). */
export async function waitForGone(
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
    .toBe(false);
}

/** Signs a separate API client in as admin (the page's own cookies stay untouched). */
export async function adminApi(request: APIRequestContext): Promise<APIRequestContext> {
  const res = await request.post('/api/auth/login', { data: USERS.admin });
  expect(res.status(), await res.text()).toBe(200);
  return request;
}

/** Deletes the newsletter signup a test created (pending or confirmed), so the shared store stays as it was. */
export async function removeSubscription(request: APIRequestContext, email: string): Promise<void> {
  const api = await adminApi(request);
  for (const status of ['pending', 'confirmed']) {
    const { items } = await (
      await api.get(`/api/admin/subscriptions?status=${status}&q=${encodeURIComponent(email)}`)
    ).json();
    for (const item of items as { id: string; email: string }[]) {
      if (item.email === email.toLowerCase())
        expect((await api.delete(`/api/admin/subscriptions/${item.id}`)).status()).toBe(200);
    }
  }
}

/** Deletes the contact message a test sent (matched by address and text). */
export async function removeContactMessage(
  request: APIRequestContext,
  email: string,
  message: string,
): Promise<void> {
  const api = await adminApi(request);
  const { items } = await (await api.get('/api/admin/contact-forms?page=1&pageSize=100')).json();
  for (const item of items as { id: string; email: string; message: string }[]) {
    if (item.email === email && item.message === message)
      expect((await api.delete(`/api/admin/contact-forms/${item.id}`)).status()).toBe(200);
  }
}
