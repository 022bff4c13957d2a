import { createUser, expect } from './admin-fixtures';
import { test } from './fixtures';

// The local server answers on 127.0.0.1 as well as on the printed localhost URL: signing in must
// work from either (the Origin check compares with the address the visitor used).
const USER = { username: 'e2e-loopback-admin', password: 'loopback-password-1234' };

test.beforeAll(async () => {
  await createUser(USER.username, USER.password, true);
});

test('signing in works with the site opened at http://127.0.0.1:<port>', async ({
  page,
  baseURL,
}) => {
  const base = new URL(baseURL!);
  base.hostname = '127.0.0.1';
  await page.goto(new URL('/login', base).href);
  await page.getByLabel('Username').fill(USER.username);
  await page.getByLabel('Password').fill(USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${base.origin}/admin`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('admin-username')).toHaveText(USER.username);
});
