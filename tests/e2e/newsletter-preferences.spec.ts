/**
 * Topics as a reader lives them: choose one in the home page's signup form, confirm, then open the
 * preferences page from the welcome email's link, change the topics and see them saved (and still
 * there after a reload), and finally unsubscribe from the same page.
 */
import { axe } from './axe';
import { expect, test } from './fixtures';
import { linkIn, mailTo } from '../helpers/mail';
import {
  adminApi,
  newsletterPopup,
  openHomeWithPausedClock,
  removeSubscription,
  waitForIsland,
} from './home-helpers';

test('signup with a topic → preferences page: change topics, saved, then unsubscribe', async ({
  page,
  request,
  site,
}) => {
  const email = `topics-${Date.now()}@example.org`;
  const areas = (await (await request.get('/api/research-areas')).json()) as {
    slug: string;
    title: string;
  }[];
  const [first, second] = areas;
  const api = await adminApi(request);
  const row = async (status: string) =>
    (
      await (
        await api.get(`/api/admin/subscriptions?status=${status}&q=${encodeURIComponent(email)}`)
      ).json()
    ).items[0];
  try {
    // The inline form: topics are folded away and optional.
    await page.goto('/#newsletter');
    const form = page.getByRole('form', { name: 'Newsletter signup' });
    await waitForIsland(page, form);
    await form.getByText('Choose topics (optional)').click();
    await form.getByRole('checkbox', { name: first!.title }).check();
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(form.getByRole('status')).toContainText('Check your inbox');
    expect((await row('pending')).topics).toEqual([first!.slug]);

    // Confirmed through the email's link; the welcome email carries the unsubscribe token.
    await expect
      .poll(async () => (await mailTo(site.dataDir, email)).length, { timeout: 30_000 })
      .toBe(1);
    const confirm = linkIn((await mailTo(site.dataDir, email))[0]!, '/newsletter/confirm');
    const confirmed = await request.post('/api/newsletter/confirm', {
      data: { token: confirm.searchParams.get('token') },
    });
    expect(confirmed.status()).toBe(200);
    await expect
      .poll(async () => (await mailTo(site.dataDir, email)).length, { timeout: 30_000 })
      .toBe(2);
    const token = linkIn(
      (await mailTo(site.dataDir, email))[1]!,
      '/newsletter/unsubscribe',
    ).searchParams.get('token')!;

    // The preferences page shows the topic chosen at signup; the reader swaps it for another.
    await page.goto(`/newsletter/preferences?token=${encodeURIComponent(token)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newsletter preferences');
    const topics = page.getByRole('form', { name: 'Newsletter topics' });
    await expect(page.getByText(/^Subscribed address:/)).toContainText('•••@example.org');
    await expect(topics.getByRole('checkbox', { name: first!.title })).toBeChecked();
    await topics.getByRole('checkbox', { name: first!.title }).uncheck();
    await topics.getByRole('checkbox', { name: second!.title }).check();
    await topics.getByRole('button', { name: 'Save topics' }).click();
    await expect(topics.getByRole('status')).toHaveText(
      `Saved: you will receive ${second!.title}.`,
    );
    expect((await row('confirmed')).topics).toEqual([second!.slug]);
    const { violations } = await axe(page).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);

    // Saved for good: a reload shows the new choice.
    await page.reload();
    await expect(topics.getByRole('checkbox', { name: second!.title })).toBeChecked();
    await expect(topics.getByRole('checkbox', { name: first!.title })).not.toBeChecked();

    // Leaving from the same page.
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'You are unsubscribed' }),
    ).toBeVisible();
    await expect(topics).toHaveCount(0);
    expect(await row('unsubscribed')).toMatchObject({ email });
  } finally {
    await removeSubscription(request, email);
    const left = await row('unsubscribed');
    if (left) await api.delete(`/api/admin/subscriptions/${left.id}`);
  }
});

test('the popup offers the same optional topics, and a chosen one goes with the signup', async ({
  page,
  request,
}) => {
  const email = `popup-topics-${Date.now()}@example.org`;
  const [area] = (await (await request.get('/api/research-areas')).json()) as {
    slug: string;
    title: string;
  }[];
  try {
    await openHomeWithPausedClock(page);
    await page.clock.runFor(31_000);
    await page.clock.resume();
    const dialog = newsletterPopup(page);
    await dialog.getByText('Choose topics (optional)').click();
    await dialog.getByRole('checkbox', { name: area!.title }).check();
    await dialog.getByLabel('Email address').fill(email);
    const sent = page.waitForRequest('**/api/newsletter');
    await dialog.getByRole('button', { name: 'Join the community' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      email,
      form: 'popup',
      topics: [area!.slug],
    });
    await expect(dialog).toHaveCount(0);
  } finally {
    await removeSubscription(request, email);
  }
});
