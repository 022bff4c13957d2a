/**
 * The newsletter archive in a real browser: an issue sent through the admin API appears at
 * /newsletter once the site has rebuilt, its web version reads as the email did, and both pages
 * (with their signup form) have no WCAG 2 A/AA violations.
 */
import { axe } from './axe';
import { expect, test, waitForLive } from './fixtures';
import { adminApi } from './home-helpers';

test('a sent issue is listed at /newsletter and has an accessible web version', async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const subject = `Archive walk ${Date.now()}`;
  const created = await api.post('/api/admin/newsletter-issues', {
    data: { subject, intro: 'Hello **readers**: our latest work.', items: [], topics: [] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const send = await api.post(`/api/admin/newsletter-issues/${id}/send`);
  expect(send.status(), await send.text()).toBe(202);
  await expect
    .poll(async () => (await (await api.get(`/api/admin/newsletter-issues/${id}`)).json()).status, {
      timeout: 30_000,
    })
    .toBe('sent');
  const { slug } = (await (await api.get(`/api/admin/newsletter-issues/${id}`)).json()) as {
    slug: string;
  };

  // Sending rebuilt the site (the build hook), which the worker's site holds until a page is awaited.
  await waitForLive(page, '/newsletter', subject);
  await page.goto('/newsletter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newsletter archive');
  const link = page.getByRole('link', { name: subject });
  await expect(link).toHaveAttribute('href', `/newsletter/${slug}`);
  await page.getByRole('form', { name: 'Newsletter signup' }).scrollIntoViewIfNeeded();
  expect((await axe(page).analyze()).violations.map((v) => v.id)).toEqual([]);

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/newsletter/${slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject);
  await expect(page.getByTestId('issue-body').locator('strong')).toHaveText('readers');
  expect((await axe(page).analyze()).violations.map((v) => v.id)).toEqual([]);
});
