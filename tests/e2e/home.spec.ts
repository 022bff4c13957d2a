import { expect, publishHeldBuilds, signIn, test } from './fixtures';

test('the home page shows the hero title from the content store', async ({ page }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('h1')).toBeVisible();
  await expect(page).toHaveTitle(/Meridian Institute for AI Research/);
});

test('an admin save of the hero title is live after the rebuild, and / keeps answering meanwhile', async ({
  page,
}) => {
  await signIn(page);
  const title = `Rebuilt ${Date.now()}`;
  const before = await page.request.get('/api/site-settings');
  const res = await page.request.patch('/api/site-settings', { data: { heroTitle: title } });
  expect(res.status()).toBe(200);
  const statuses: number[] = [];
  await expect
    .poll(
      async () => {
        publishHeldBuilds();
        const r = await page.request.get('/');
        statuses.push(r.status());
        return (await r.text()).includes(title);
      },
      { timeout: 45_000, intervals: [300] },
    )
    .toBe(true);
  expect(statuses.every((s) => s === 200)).toBe(true);
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText(title);
  // Put the title back for the other tests (the pages go back to the first build after the test).
  await page.request.patch('/api/site-settings', {
    data: { heroTitle: (await before.json()).heroTitle },
  });
});
