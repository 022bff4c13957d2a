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
  // Should the check fail, the browser lands here instead of leaving the test machine.
  await page.context().route(
    (url) => url.hostname === 'evil.example',
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' }),
  );
  // Where to go is the login page's own decision (its address is what is checked), so the admin
  // it sends the visitor to is a stand-in: fifteen loads of the real admin app and its dashboard
  // would prove nothing more here and were most of this test's work.
  await page.context().route(
    (url) => url.origin === new URL(baseURL!).origin && /^\/admin\/?$/.test(url.pathname),
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>The admin</h1>' }),
  );
  for (const next of OFF_SITE) {
    await page.context().clearCookies();
    await page.goto(`/login?next=${next}`);
    await page.getByLabel('Username').fill(USER.username);
    await page.getByLabel('Password').fill(USER.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page, next).toHaveURL(/\/admin\/?$/);
    expect(new URL(page.url()).origin, next).toBe(new URL(baseURL!).origin);
  }
  // Signed in already: the login page sends the visitor on without a click.
  for (const next of [...OFF_SITE, ...DOT_SEGMENTS]) {
    // Its scripts send it on as soon as they run: the address is what to wait for.
    await page.goto(`/login?next=${next}`, { waitUntil: 'commit' });
    await expect(page, next).toHaveURL(/\/admin\/?$/);
    expect(new URL(page.url()).origin, next).toBe(new URL(baseURL!).origin);
  }
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
