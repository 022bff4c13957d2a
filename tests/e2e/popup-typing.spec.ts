import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { removeSubscription, waitForIsland } from './home-helpers';

// Where the popup's gate stands (waiting, postponed, checking, skipped, open): its decisions, not a delay.
const gate = (page: Page) => page.locator('html');
const popup = (page: Page) => page.getByRole('dialog', { name: 'Stay ahead of AI' });

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

test.describe('the newsletter popup never interrupts someone writing', () => {
  test('waits while a contact field has focus and keeps the focus there; opens once the visitor leaves the field and stops typing', async ({ page }) => {
    await openHome(page);
    const message = page.locator('#contact-message');
    await waitForIsland(page, message);
    await message.click();
    await message.pressSequentially('Half a sentence');
    await page.clock.runFor(40_000); // t = 41 s, well past the 30 s delay
    await expect(gate(page)).toHaveAttribute('data-newsletter-popup', 'postponed');
    await expect(popup(page)).toHaveCount(0);
    await expect(message).toBeFocused();
    await message.pressSequentially(' and the rest of it.');
    await expect(message).toHaveValue('Half a sentence and the rest of it.');

    // Out of the field: it still waits until the visitor has not typed for a few seconds.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Shift');
    await page.clock.runFor(2_000);
    await expect(gate(page)).toHaveAttribute('data-newsletter-popup', 'postponed');
    await expect(popup(page)).toHaveCount(0);
    await page.clock.runFor(6_000);
    await page.clock.resume();
    await expect(popup(page)).toBeVisible();
  });

  test('someone who subscribed through the inline form never gets the popup', async ({ page, request }) => {
    const email = `inline-${Date.now()}@example.org`;
    await openHome(page);
    await page.clock.resume();
    const form = page.getByRole('form', { name: 'Newsletter signup' });
    await waitForIsland(page, form.getByLabel('Email address'));
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button').click();
    await expect(page.getByText('Check your inbox', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('emailCaptureInteracted'))).toBe('subscribed');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(60_000);
    await expect(gate(page)).toHaveAttribute('data-newsletter-popup', 'skipped');
    await expect(popup(page)).toHaveCount(0);
    await removeSubscription(request, email);
  });
});
