import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { removeSubscription } from './home-helpers';

const popup = (page: Page) => page.getByRole('dialog', { name: 'Stay ahead of AI' });
// Where the popup's gate stands (waiting, postponed, checking, skipped, open): its decisions, not a delay.
const gate = (page: Page) => page.locator('html');
const marker = (page: Page) => page.evaluate(() => localStorage.getItem('emailCaptureInteracted'));

/**
 * Loads / with a paused fake clock at t = 1 s, so the 30 s delay is stepped through exactly. The
 * page starts its scripts two animation frames after it is painted, which the paused clock holds
 * back: a tenth of a second lets them start, and the gate says when the popup's has.
 */
async function openHome(page: Page) {
  await page.clock.install({ time: 0 });
  await page.clock.pauseAt(1_000);
  await page.goto('/', { waitUntil: 'load' });
  await page.clock.runFor(100);
  await expect(gate(page)).toHaveAttribute('data-newsletter-popup', 'waiting');
}

test.describe('newsletter popup', () => {
  test('appears 30 s after load and claims 5,000+ innovators; closing stores dismissed', async ({ page }) => {
    await openHome(page);
    await page.clock.runFor(28_000); // t = 29 s
    await expect(gate(page)).toHaveAttribute('data-newsletter-popup', 'waiting');
    await expect(popup(page)).toHaveCount(0);
    await page.clock.runFor(1_500); // t = 30.5 s
    await page.clock.resume(); // let React's own timers run from here
    await expect(popup(page)).toBeVisible();
    await expect(popup(page)).toContainText('Join 5,000+ innovators');
    await popup(page).getByRole('button', { name: 'Close' }).click();
    await expect(popup(page)).toHaveCount(0);
    expect(await marker(page)).toBe('dismissed');

    // Once marked, it never comes back.
    await page.reload();
    await page.clock.runFor(60_000); // the clock is running again: well past 30 s
    await expect(gate(page)).toHaveAttribute('data-newsletter-popup', 'skipped');
    await expect(popup(page)).toHaveCount(0);
  });

  test('a click on the backdrop closes it and stores dismissed', async ({ page }) => {
    await openHome(page);
    await page.clock.runFor(31_000);
    await page.clock.resume();
    await expect(popup(page)).toBeVisible();
    await page.mouse.click(4, 4);
    await expect(popup(page)).toHaveCount(0);
    expect(await marker(page)).toBe('dismissed');
  });

  test('a successful signup stores subscribed and closes it', async ({ page, request }) => {
    const email = `popup-${Date.now()}@example.org`;
    await openHome(page);
    await page.clock.runFor(31_000);
    await page.clock.resume();
    const dialog = popup(page);
    await dialog.getByLabel('Email address').fill('bad');
    await dialog.getByRole('button', { name: 'Join the community' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Email address').fill(email);
    const response = page.waitForResponse('**/api/newsletter');
    await dialog.getByRole('button', { name: 'Join the community' }).click();
    expect((await response).ok()).toBe(true);
    await expect(popup(page)).toHaveCount(0);
    expect(await marker(page)).toBe('subscribed');
    await removeSubscription(request, email);
  });

  test("a failure shows 'Subscription failed' with the server's words, or a fallback", async ({ page }) => {
    let body: object | string = { error: 'This address is blocked' };
    await page.route('**/api/newsletter', (route) =>
      typeof body === 'string' ? route.fulfill({ status: 500, body }) : route.fulfill({ status: 400, json: body }),
    );
    await openHome(page);
    await page.clock.runFor(31_000);
    await page.clock.resume();
    const dialog = popup(page);
    await dialog.getByLabel('Email address').fill('reader@example.org');
    await dialog.getByRole('button', { name: 'Join the community' }).click();
    const failed = page.locator('[data-sonner-toast]').filter({ hasText: 'Subscription failed' });
    await expect(failed).toContainText('This address is blocked');
    body = '';
    await dialog.getByRole('button', { name: 'Join the community' }).click();
    await expect(failed.filter({ hasText: 'Please try again later.' })).toBeVisible();
    // Still open, nothing stored.
    await expect(dialog).toBeVisible();
    expect(await marker(page)).toBeNull();
  });

  test('never appears for a signed-in user', async ({ page }) => {
    await signIn(page);
    await openHome(page);
    await page.clock.runFor(31_000);
    await page.clock.resume();
    // The same steps open it for a visitor (tests above); here the session check says no.
    await expect(gate(page)).toHaveAttribute('data-newsletter-popup', 'skipped');
    await expect(popup(page)).toHaveCount(0);
    expect(await marker(page)).toBeNull();
  });
});
