import { expect, test } from './fixtures';
import {
  newsletterPopup,
  openHomeWithPausedClock,
  popupGate,
  removeSubscription,
  waitForIsland,
} from './home-helpers';

const gate = popupGate;
const popup = newsletterPopup;

test.describe('the newsletter popup never interrupts someone writing', () => {
  test('waits while a contact field has focus and keeps the focus there; opens once the visitor leaves the field and stops typing', async ({
    page,
  }) => {
    await openHomeWithPausedClock(page);
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

  test('someone who subscribed through the inline form never gets the popup', async ({
    page,
    request,
  }) => {
    const email = `inline-${Date.now()}@example.org`;
    await openHomeWithPausedClock(page);
    await page.clock.resume();
    const form = page.getByRole('form', { name: 'Newsletter signup' });
    await waitForIsland(page, form.getByLabel('Email address'));
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button').click();
    await expect(page.getByText('Check your inbox', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('emailCaptureInteracted'))).toBe(
      'subscribed',
    );
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(60_000);
    await expect(gate(page)).toHaveAttribute('data-newsletter-popup', 'skipped');
    await expect(popup(page)).toHaveCount(0);
    await removeSubscription(request, email);
  });
});
