/**
 * The newsletter's double opt-in as a person lives it: sign up on the home page, get the email
 * (read from the site's outbox with a mail parser), open its link, press the one button, and be
 * a confirmed subscriber; opening the link alone (as a mail scanner does) confirms nothing.
 */
import { expect, test } from './fixtures';
import { linkIn, mailTo } from '../helpers/mail';
import { adminApi, removeSubscription, waitForIsland } from './home-helpers';

test('signup → email → confirm page → confirmed', async ({ page, request, site }) => {
  const email = `walk-${Date.now()}@example.org`;
  const api = await adminApi(request);
  const statusOf = async () => {
    for (const status of ['pending', 'confirmed'] as const) {
      const { items } = await (
        await api.get(`/api/admin/subscriptions?status=${status}&q=${encodeURIComponent(email)}`)
      ).json();
      if ((items as { email: string }[]).some((i) => i.email === email)) return status;
    }
    return 'none';
  };
  try {
    await page.goto('/#newsletter');
    const form = page.getByRole('form', { name: 'Newsletter signup' });
    await waitForIsland(page, form);
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toContainText('Check your inbox');
    expect(await statusOf()).toBe('pending');

    // The email arrives (delivered after the answer, from the queue).
    await expect
      .poll(async () => (await mailTo(site.dataDir, email)).length, { timeout: 30_000 })
      .toBe(1);
    const [mail] = await mailTo(site.dataDir, email);
    const link = linkIn(mail!, '/newsletter/confirm');

    // Opening the link is not confirming: a person presses the button.
    await page.goto(link.pathname + link.search);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Confirm your subscription' }),
    ).toBeVisible();
    expect(await statusOf()).toBe('pending');
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your subscription is confirmed. Thank you!' }),
    ).toBeVisible();
    expect(await statusOf()).toBe('confirmed');
  } finally {
    await removeSubscription(request, email);
  }
});
