import { createUser, expect, openAdmin, press, test as adminTest } from './admin-fixtures';
import { test } from './fixtures';

// ?next= values a browser would resolve to another host: the URL parser drops tab and
// newlines and reads a backslash as a slash.
const OFF_SITE = [
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%0D/evil.example',
  '/%5Cevil.example',
  '/%09%5Cevil.example',
];
// And values that only resolve to '//host' after their dot segments (checked in the signed-in
// pass: the same decision, without a sign-in per value).
const DOT_SEGMENTS = [
  '/.//evil.example',
  '/..//evil.example',
  '/%252e//evil.example',
  '/a/..//evil.example',
  '/./%255Cevil.example',
];

const USER = { username: 'e2e-login-toast', password: 'toast-password-1234' };
test.beforeAll(async () => {
  await createUser(USER.username, USER.password, true);
});

test('after sign-in, ?next=<off-site> lands on /admin, at once for someone already signed in', async ({
  page,
  baseURL,
}) => {
  // Five sign-ins and ten page loads: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  // Should the check fail, the browser lands here instead of leaving the test machine (in every tab).
  await page.context().route(
    (url) => url.hostname === 'evil.example',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' }),
  );
  for (const next of OFF_SITE) {
    // Leave the admin first: signed out under its feet, it would navigate to /login itself and
    // race (abort) the next page.goto.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await page.goto(`/login?next=${next}`);
    await page.getByLabel('Username').fill(USER.username);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page, next).toHaveURL(/\/admin\/?$/);
    expect(new URL(page.url()).origin, next).toBe(new URL(baseURL!).origin);
  }
  // Signed in already: the login page sends the visitor on without a click. Each value in a tab of
  // its own, all at once: one after the other, ten loads of the admin take most of a minute on a
  // busy machine. Ten at once share its two cores, so each may take longer than the default 10 s.
  await Promise.all(
    [...OFF_SITE, ...DOT_SEGMENTS].map(async (next) => {
      const tab = await page.context().newPage();
      await tab.goto(`/login?next=${next}`);
      await expect(tab, next).toHaveURL(/\/admin\/?$/, { timeout: 30_000 });
      await expect(tab.getByRole('heading', { level: 1, name: 'Dashboard' }), next).toBeVisible({
        timeout: 30_000,
      });
      await tab.close();
    }),
  );
  // A real same-site path is still honoured.
  await page.goto('/login?next=%2Fteam');
  await expect(page).toHaveURL(/\/team$/);
});

async function tryLogin(page: import('@playwright/test').Page, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(USER.username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a failed login shows the alert and the destructive "Login failed" toast with the server message', async ({
  page,
}) => {
  await tryLogin(page, 'not-the-password');
  await expect(page.locator('form').locator('..').getByRole('alert').first()).toHaveText(
    'Invalid username or password',
  );
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Login failed' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Invalid username or password');
  await expect(toast).toHaveAttribute('data-type', 'error');
});

test('without a server message the alert says "Login failed" and the toast "Invalid credentials"', async ({
  page,
}) => {
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: '{}' }),
  );
  await tryLogin(page, 'whatever-password');
  await expect(page.getByText('Login failed', { exact: true }).first()).toBeVisible();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid credentials' });
  await expect(toast).toContainText('Login failed');
});

adminTest(
  'a team member that cannot be saved says "Failed to update team member"',
  async ({ page }) => {
    await openAdmin(page, '/admin/team-members', 'Team members');
    await page.route('**/api/team-members/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"message":"Storage is unavailable"}',
          })
        : route.fallback(),
    );
    await press(page.getByRole('button', { name: /^Edit / }).first());
    const edit = page.getByRole('dialog', { name: 'Edit team member' });
    await edit.getByLabel(/^Name/).fill('Renamed For The Failure Test');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const toast = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Failed to update team member' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Storage is unavailable');
    await expect(edit).toBeVisible();
  },
);
