/**
 * Ways into in-place editing for a signed-in admin ('Edit this page' on /, the
 * spec's 'Edit Page' on /team, which now works), and a note when their last change is not live yet.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

test.use({ serviceWorkers: 'block' });

const pencil = (page: Page, label: string) =>
  page.getByRole('button', { name: `Edit ${label}`, exact: true }).first();

test('visitors see no edit entry on / or /team', async ({ page }) => {
  const entry = page.locator('[data-edit-entry]');
  for (const [path, name] of [
    ['/', 'Edit this page'],
    ['/team', 'Edit Page'],
  ] as const) {
    await page.goto(path);
    await expect(entry).toHaveAttribute('data-edit-entry', 'visitor'); // decided: nothing to load
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  }
});

test("a signed-in admin gets 'Edit this page' on /, which turns on in-place editing", async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Edit this page' }).click();
  await expect(page).toHaveURL(/\/\?edit=true$/);
  await expect(page.getByText('Edit mode enabled')).toBeVisible();
  await expect(pencil(page, 'hero title')).toBeVisible();
  // Editing already: the entry gives way to the editor's own controls.
  await expect(page.getByRole('link', { name: 'Edit this page' })).toHaveCount(0);
});

test("'Edit Page' on /team turns on in-place editing of the team page's texts, and a save lands", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const before = (await (await page.request.get('/api/site-settings')).json())
    .advisoryTitle as string;
  await page.goto('/team');
  await page.getByRole('link', { name: 'Edit Page' }).click();
  await expect(page).toHaveURL(/\/team\?edit=true$/);
  await expect(pencil(page, 'team title')).toBeVisible();
  await expect(pencil(page, 'founder section title')).toBeVisible();

  const next = `Our advisers ${Date.now()}`;
  try {
    await pencil(page, 'advisory title').click();
    const input = page.getByRole('textbox', { name: 'advisory title', exact: true });
    await expect(input).toHaveValue('Meet our Advisory Team');
    await input.fill(next);
    await input.press('Enter');
    await expect(page.locator('[data-edit="settings.advisoryTitle"]')).toHaveText(next);
    await expect
      .poll(async () => (await (await page.request.get('/api/site-settings')).json()).advisoryTitle)
      .toBe(next);
  } finally {
    expect(
      (
        await page.request.patch('/api/site-settings', { data: { advisoryTitle: before } })
      ).status(),
    ).toBe(200);
  }
});

test('an admin viewing a public page is told while their last change is not live yet, then when it is', async ({
  page,
}) => {
  await signIn(page);
  // The publish state comes from the real endpoint with its state scripted: queued at first, live
  // from the next look on (on the shared test server other suites' saves keep builds going, so
  // waiting for a real 'live' would time the test by them). The state itself is tested in the API suite.
  let looks = 0;
  await page.route('**/api/admin/publish', async (route) => {
    const real = await route.fetch();
    expect(real.status()).toBe(200);
    await route.fulfill({
      response: real,
      json: { ...(await real.json()), state: looks++ === 0 ? 'queued' : 'live' },
    });
  });
  await page.goto('/');
  const bar = page.locator('[data-admin-page-bar]');
  await expect(bar.locator('[data-publish-notice="pending"]')).toHaveText(
    /Your last change isn’t live yet/,
  );
  await expect(bar.locator('[data-publish-notice="live"]')).toContainText('Your change is live.');
  await expect(bar.locator('[data-publish-notice="pending"]')).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Reload to see it' })).toBeVisible();

  // A failed build says so, with the reason and a way to the dashboard.
  await page.unroute('**/api/admin/publish');
  await page.route('**/api/admin/publish', async (route) => {
    const real = await route.fetch();
    await route.fulfill({
      response: real,
      json: { ...(await real.json()), state: 'failed', lastError: 'Build exited with code 1' },
    });
  });
  await page.reload();
  await expect(bar.locator('[data-publish-notice="failed"]')).toContainText(
    'Your last change isn’t live: publishing failed (Build exited with code 1).',
  );
  await expect(bar.getByRole('link', { name: 'Open the dashboard' })).toHaveAttribute(
    'href',
    '/admin',
  );
});

test("'Edit in admin' on a publication, an event and a person page opens that record's editor in the admin", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const publication = (
    (await (await page.request.get('/api/publications')).json()) as {
      slug: string;
      title: string;
    }[]
  )[0]!;
  const event = (
    (await (await page.request.get('/api/events')).json()) as { slug: string; title: string }[]
  )[0]!;
  const member = (
    (await (await page.request.get('/api/team-members')).json()) as { slug: string; name: string }[]
  )[0]!;
  for (const [path, dialog, field, value] of [
    [`/publications/${publication.slug}`, 'Edit publication', /^Title/, publication.title],
    [`/events/${event.slug}`, 'Edit event', /^Title/, event.title],
    [`/team/${member.slug}`, 'Edit team member', /^Name/, member.name],
  ] as const) {
    await page.goto(path);
    await page.getByRole('link', { name: 'Edit in admin' }).click();
    const form = page.getByRole('dialog', { name: dialog });
    await expect(form).toBeVisible({ timeout: 20_000 });
    await expect(form.getByLabel(field)).toHaveValue(value);
  }
  // Visitors never see it.
  await page.context().clearCookies();
  await page.goto(`/publications/${publication.slug}`);
  await expect(page.locator('[data-edit-entry]')).toHaveAttribute('data-edit-entry', 'visitor');
});
