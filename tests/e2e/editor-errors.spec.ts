import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// Fields this file tries to change: none of the attempts may stick, and afterAll checks that.
const FIELDS = ['heroAuthority1', 'heroAuthority2'] as const;

const pencil = (page: Page, label: string) =>
  page.getByRole('button', { name: `Edit ${label}`, exact: true }).first();
const shown = (page: Page, field: string) =>
  page.locator(`[data-edit="settings.${field}"]`).first();

let original: Record<string, string> = {};

test.beforeAll(async ({ request }) => {
  original = await (await request.get('/api/site-settings')).json();
});

test.afterAll(async ({ request }) => {
  const now = await (await request.get('/api/site-settings')).json();
  for (const f of FIELDS) expect(now[f], `${f} must be unchanged`).toBe(original[f]);
});

test('a visitor opening ?edit=true is told to sign in as an admin and gets no edit controls', async ({
  page,
}) => {
  await page.goto('/?edit=true');
  await expect(page.getByText('Edit mode enabled')).toBeVisible();
  await expect(page.getByText('Sign in as an admin to edit')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    /^\/login\?next=/,
  );
  await expect(page.locator('[data-edit-host]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
});

test('a signed-in editor (not an admin) gets the edit controls too', async ({ page }) => {
  await signIn(page, 'viewer');
  await page.goto('/?edit=true');
  await expect(pencil(page, 'hero authority 1')).toBeVisible();
  await expect(page.getByText('Sign in as an admin to edit')).toHaveCount(0);
});

test('a save after the session ended shows the sign-in error and the text reverts', async ({
  page,
  context,
}) => {
  await signIn(page);
  await page.goto('/?edit=true');
  const before = (await shown(page, 'heroAuthority1').textContent())!.trim();
  await pencil(page, 'hero authority 1').click();
  const input = page.getByRole('textbox', { name: 'hero authority 1', exact: true });
  await input.fill('Never stored');
  await context.clearCookies();
  const answers: number[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'PATCH') answers.push(r.status());
  });
  await input.press('Enter');
  await expect(page.getByText('Please sign in as an admin to save changes')).toBeVisible();
  await expect(input).toBeHidden();
  await expect(shown(page, 'heroAuthority1')).toHaveText(before);
  expect(answers).toEqual([401]);
});

test('a save the server refuses with 403 shows the permission error and the text reverts', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/?edit=true');
  const before = (await shown(page, 'heroAuthority2').textContent())!.trim();
  await pencil(page, 'hero authority 2').click();
  const input = page.getByRole('textbox', { name: 'hero authority 2', exact: true });
  await input.fill('Never stored either');
  // Every signed-in role may edit texts; a 403 now comes from e.g. an admin who still has to set up two-factor sign-in.
  await page.route('**/api/site-settings', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'You do not have permission to do this' }),
        })
      : route.fallback(),
  );
  await page
    .getByRole('group', { name: 'Editing hero authority 2' })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(page.getByText('You do not have permission to edit this site')).toBeVisible();
  await expect(input).toBeHidden();
  await expect(shown(page, 'heroAuthority2')).toHaveText(before);
});

test('a server failure shows an error toast and the text reverts', async ({ page }) => {
  await signIn(page);
  await page.route('**/api/site-settings', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Storage is unavailable' }),
        })
      : route.fallback(),
  );
  await page.goto('/?edit=true');
  const before = (await shown(page, 'heroAuthority1').textContent())!.trim();
  await pencil(page, 'hero authority 1').click();
  const input = page.getByRole('textbox', { name: 'hero authority 1', exact: true });
  await input.fill('Lost to an outage');
  await input.press('Enter');
  await expect(page.getByText('Could not save your change')).toBeVisible();
  await expect(page.getByText('Storage is unavailable')).toBeVisible();
  await expect(shown(page, 'heroAuthority1')).toHaveText(before);
});
