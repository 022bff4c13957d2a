import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { removeContactMessage, removeSubscription, waitForIsland } from './home-helpers';

// The test build has no measurement id, so a stand-in gtag records what track() sends, as the
// real one would receive it once PUBLIC_GA_MEASUREMENT_ID is set.
async function recordEvents(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { sent: unknown[] }).sent = [];
    (window as unknown as { gtag: (...args: unknown[]) => void }).gtag = (...args) =>
      (window as unknown as { sent: unknown[] }).sent.push(args);
  });
}
const sent = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { sent: [string, string, Record<string, unknown>?][] }).sent,
  );

test('contact_form_submit and newsletter_signup are sent, without what the visitor wrote', async ({
  page,
  request,
}) => {
  const email = `analytics-${Date.now()}@example.org`;
  const text = `Analytics check message ${Date.now()}`;
  await recordEvents(page);
  await page.goto('/');
  const contact = page.getByRole('form', { name: 'Contact form' });
  await waitForIsland(page, contact.getByLabel('Name'));
  await contact.getByLabel('Name').fill('Ada Lovelace');
  await contact.getByLabel('Email').fill(email);
  await contact.getByLabel('Subject').selectOption('collaboration');
  await contact.getByLabel('Message').fill(text);
  await contact.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText('Message sent!')).toBeVisible();

  const newsletter = page.getByRole('form', { name: 'Newsletter signup' });
  await waitForIsland(page, newsletter.getByLabel('Email address'));
  await newsletter.getByLabel('Email address').fill(email);
  await newsletter.getByRole('button').click();
  await expect(page.getByText('Check your inbox', { exact: true })).toBeVisible();

  const events = (await sent(page)).filter((e) => e[0] === 'event');
  expect(events.map((e) => e[1])).toEqual(
    expect.arrayContaining(['contact_form_submit', 'newsletter_signup']),
  );
  expect(JSON.stringify(events)).not.toContain(email);
  expect(JSON.stringify(events)).not.toContain('Ada');
  expect(JSON.stringify(events)).not.toContain(text);
  await removeSubscription(request, email);
  await removeContactMessage(request, email, text);
});

test('the login result is sent, without the username', async ({ page }) => {
  await recordEvents(page);
  await page.goto('/login');
  await page.getByLabel('Username').fill('nobody-analytics');
  await page.getByLabel('Password').fill('not-a-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  const events = (await sent(page)).filter((e) => e[0] === 'event');
  expect(events).toContainEqual(['event', 'login', { success: false }]);
  expect(JSON.stringify(events)).not.toContain('nobody-analytics');
});
