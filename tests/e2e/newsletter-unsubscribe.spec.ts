import { axe } from './axe';
import { expect, test } from './fixtures';

// The unsubscribe page in a real browser: a link from an email (through the API's GET) only shows
// one button, and without a link the page takes an address and answers without saying whether it
// is subscribed. (What unsubscribing changes is tested against the API.)
const hydrated = (page: import('@playwright/test').Page) =>
  page
    .locator('astro-island[component-url*="NewsletterUnsubscribe"]:not([ssr])')
    .waitFor({ state: 'attached' });

test('a link from an email leads to a page with one button; opening it unsubscribes nobody, and a dead link says so when pressed', async ({
  page,
}) => {
  const token = `${'0'.repeat(64)}.${'A'.repeat(43)}`;
  await page.goto(`/api/newsletter/unsubscribe?token=${token}`);
  await expect(page).toHaveURL(new RegExp(`/newsletter/unsubscribe\\?token=${token}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Unsubscribe from the newsletter',
  );
  await hydrated(page);
  await expect(page.getByLabel('Email address')).toHaveCount(0);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toContainText('not valid');
});

test('without a link, the page emails one to an address and answers the same for anyone; the privacy notice links to it', async ({
  page,
}) => {
  await page.goto('/privacy');
  await page.getByRole('link', { name: 'unsubscribe with your address' }).click();
  await expect(page).toHaveURL(/\/newsletter\/unsubscribe$/);
  await hydrated(page);
  await page.getByLabel('Email address').fill(`nobody-${Date.now()}@example.org`);
  await page.getByRole('button', { name: 'Email me an unsubscribe link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'If this address is subscribed, we have emailed it a link to unsubscribe. Check your inbox.',
  );
  const { violations } = await axe(page).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
});
