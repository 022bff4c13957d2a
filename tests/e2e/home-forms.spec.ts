import type { Page } from '@playwright/test';
import { CONTACT_SUBJECT_LABELS, CONTACT_SUBJECTS } from '../../src/schemas/contact-form';
import { expect, test } from './fixtures';
import { removeContactMessage, removeSubscription, waitForIsland } from './home-helpers';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('contact form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/#contact');
    await waitForIsland(page, page.getByRole('form', { name: 'Contact form' }));
  });

  test('shows the four validation messages under their fields, then clears them as fields become valid', async ({
    page,
  }) => {
    const form = page.getByRole('form', { name: 'Contact form' });
    await expect(form.getByLabel('Subject').locator('option')).toHaveText([
      'Select a subject',
      ...CONTACT_SUBJECTS.map((s) => CONTACT_SUBJECT_LABELS[s]),
    ]);
    await expect(form.getByLabel('Message')).toHaveAttribute('rows', '4');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const errors = [
      ['Name', 'Name must be at least 2 characters'],
      ['Email', 'Please enter a valid email address'],
      ['Subject', 'Please select a subject'],
      ['Message', 'Message must be at least 10 characters'],
    ] as const;
    for (const [label, message] of errors) {
      const field = form.getByLabel(label);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(message);
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await form.getByLabel('Name').fill('A');
    await expect(form.getByText('Name must be at least 2 characters')).toBeVisible();
    await form.getByLabel('Name').fill('Ada');
    await expect(form.getByText('Name must be at least 2 characters')).toHaveCount(0);
    await form.getByLabel('Email').fill('not-an-email');
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  });

  test("sends a valid message: 'Sending...' while pending, a success toast, and an empty form", async ({
    page,
    request,
  }) => {
    const text = `We would like to partner on an AI audit study (${Date.now()}).`;
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.org');
    await form.getByLabel('Subject').selectOption('collaboration');
    await form.getByLabel('Message').fill(text);
    // Hold the request so the pending state can be seen, then let the real API answer.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    const response = page.waitForResponse('**/api/contact');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect((await response).status()).toBe(201);
    await expect(toast(page, 'Message sent!')).toContainText(
      "Thank you for reaching out. We'll get back to you soon.",
    );
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Subject')).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await removeContactMessage(request, 'ada@example.org', text);
  });

  test('a failed send shows the destructive error toast', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        json: { message: 'Bad', fields: { message: 'Please write a little more' } },
      }),
    );
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.org');
    await form.getByLabel('Subject').selectOption('media');
    await form.getByLabel('Message').fill('Hello there, press here.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast(page, 'Error')).toContainText(
      'There was a problem sending your message. Please try again.',
    );
    // The server's field message is shown under its field, and what was typed is kept.
    await expect(form.getByText('Please write a little more')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('Ada Lovelace');
  });
});

test.describe('inline newsletter form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/#newsletter');
    await waitForIsland(page, page.getByRole('form', { name: 'Newsletter signup' }));
  });

  test("validates the address, shows 'Joining...' and subscribes", async ({ page, request }) => {
    const email = `inline-${Date.now()}@example.org`;
    const form = page.getByRole('form', { name: 'Newsletter signup' });
    await form.getByLabel('Email address').fill('nope');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/newsletter', async (route) => {
      await held;
      await route.continue();
    });
    await form.getByLabel('Email address').fill(email);
    const response = page.waitForResponse('**/api/newsletter');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('button', { name: 'Joining...' })).toBeDisabled();
    release();
    expect((await response).status()).toBe(201);
    const sent = form.getByRole('status');
    await expect(sent).toContainText('Check your inbox');
    await expect(sent).toContainText(`we sent a link to ${email}`);
    await expect(form.getByLabel('Email address')).toBeHidden();
    await expect(form.getByLabel('Email address')).toHaveValue('');
    await removeSubscription(request, email);
  });

  test("keeps 'Check your inbox' in place, long after a toast would have gone", async ({
    page,
    request,
  }) => {
    const email = `lasting-${Date.now()}@example.org`;
    await page.clock.install();
    await page.goto('/#newsletter');
    const form = page.getByRole('form', { name: 'Newsletter signup' });
    await waitForIsland(page, form);
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const sent = form.getByRole('status');
    await expect(sent).toContainText('Check your inbox');
    // Ten minutes on the page's clock: toasts close after 5 s, this message does not.
    await page.clock.runFor(600_000);
    await expect(sent).toContainText(`we sent a link to ${email}`);
    await expect(toast(page, 'Check your inbox')).toHaveCount(0);

    // Until the visitor moves on: another address brings the field back, focused and empty.
    await sent.getByRole('button', { name: 'Sign up another address' }).click();
    await expect(sent).toBeEmpty();
    await expect(form.getByLabel('Email address')).toBeFocused();
    await expect(form.getByLabel('Email address')).toHaveValue('');
    await removeSubscription(request, email);
  });

  test('a failed subscription shows the error toast', async ({ page }) => {
    await page.route('**/api/newsletter', (route) =>
      route.fulfill({ status: 503, json: { message: 'Storage unavailable' } }),
    );
    const form = page.getByRole('form', { name: 'Newsletter signup' });
    await form.getByLabel('Email address').fill('reader@example.org');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page, 'Error')).toContainText(
      'There was a problem with your subscription. Please try again.',
    );
  });
});
