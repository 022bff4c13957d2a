import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import {
  newsletterPopup,
  openHomeWithPausedClock,
  popupGate,
  removeSubscription,
} from './home-helpers';

const popup = newsletterPopup;
const gate = popupGate;
const marker = (page: Page) => page.evaluate(() => localStorage.getItem('emailCaptureInteracted'));

test.describe('newsletter popup', () => {
  test('appears 30 s after load and claims 5,000+ innovators; closing stores dismissed', async ({
    page,
  }) => {
    await openHomeWithPausedClock(page);
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
    await openHomeWithPausedClock(page);
    await page.clock.runFor(31_000);
    await page.clock.resume();
    await expect(popup(page)).toBeVisible();
    await page.mouse.click(4, 4);
    await expect(popup(page)).toHaveCount(0);
    expect(await marker(page)).toBe('dismissed');
  });

  test('a successful signup stores subscribed and closes it', async ({ page, request }) => {
    const email = `popup-${Date.now()}@example.org`;
    await openHomeWithPausedClock(page);
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
    // The popup has gone; what to do next stays until the visitor closes it.
    const sent = page.locator('[data-sonner-toast]').filter({ hasText: 'Check your inbox' });
    await expect(sent).toContainText(`we sent a link to ${email}`);
    await page.clock.runFor(600_000);
    await expect(sent).toBeVisible();
    await sent.getByRole('button', { name: /close/i }).click();
    await expect(sent).toHaveCount(0);
    await removeSubscription(request, email);
  });

  test("a failure shows 'Subscription failed' with the server's words, or a fallback", async ({
    page,
  }) => {
    let body: object | string = { error: 'This address is blocked' };
    await page.route('**/api/newsletter', (route) =>
      typeof body === 'string'
        ? route.fulfill({ status: 500, body })
        : route.fulfill({ status: 400, json: body }),
    );
    await openHomeWithPausedClock(page);
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
    await openHomeWithPausedClock(page);
    await page.clock.runFor(31_000);
    await page.clock.resume();
    // The same steps open it for a visitor (tests above); here the session check says no.
    await expect(gate(page)).toHaveAttribute('data-newsletter-popup', 'skipped');
    await expect(popup(page)).toHaveCount(0);
    expect(await marker(page)).toBeNull();
  });
});
