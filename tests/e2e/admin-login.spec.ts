import { createUser, expect, test as adminTest } from './admin-fixtures';
import { test, USERS } from './fixtures';

// Login and logout run as users of their own: logout revokes every session of its user, and
// failed logins count towards that user's lock-out.
const LOGIN_USER = { username: 'e2e-login-admin', password: 'login-password-1234' };

test.beforeAll(async () => {
  await createUser(LOGIN_USER.username, LOGIN_USER.password, true);
});

test('the login page shows its texts and labelled, required fields, and is not indexed', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(
    page.getByText('Enter your credentials to access the admin dashboard'),
  ).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveAttribute('required', '');
  await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('a wrong password shows the server message in an alert', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(LOGIN_USER.username);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('while pending the button reads Logging in... and the inputs are disabled; success lands on /admin with a toast', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Username').fill(LOGIN_USER.username);
  await page.getByLabel('Password').fill(LOGIN_USER.password);
  // Hold the answer back so the pending state can be seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/auth/login', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  await expect(page.getByLabel('Username')).toBeDisabled();
  await expect(page.getByLabel('Password')).toBeDisabled();
  release();
  await page.waitForURL(/\/admin$/);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page.getByText('Welcome to the admin dashboard.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('admin-username')).toHaveText(LOGIN_USER.username);

  // Signed in, /login sends you on to /admin.
  await page.goto('/login');
  await page.waitForURL(/\/admin$/);

  // Logout: toast, back on /login, and /admin is closed again.
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/login$/);
  await expect(page.getByText('Logged out')).toBeVisible();
  // A deep link into the admin asks for sign-in, then opens where it pointed.
  await page.goto('/admin/events');
  await page.waitForURL(/\/login\?next=%2Fadmin%2Fevents$/);
  await page.getByLabel('Username').fill(LOGIN_USER.username);
  await page.getByLabel('Password').fill(LOGIN_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/admin\/events$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
});

test('a network error shows its own message', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Username').fill('someone');
  await page.getByLabel('Password').fill('whatever');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Network error - please try again');
});

test('signed out, /admin goes to /login', async ({ page }) => {
  await page.goto('/admin');
  await page.waitForURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('an editor opening an admins-only page sees a no-permission state and no failing calls', async ({
  page,
}) => {
  const failures: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  const res = await page.request.post('/api/auth/login', { data: USERS.viewer });
  expect(res.status()).toBe(200);
  await page.goto('/admin/users');
  await expect(
    page.getByRole('heading', { name: "You don't have permission to open this page" }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }),
  ).toHaveCount(0);
  expect(failures).toEqual([]);
});

adminTest('the logout failure toast', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.route('**/api/auth/logout', (route) =>
    route.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"nope"}' }),
  );
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logout failed')).toBeVisible();
  await expect(page.getByText('There was an error logging out.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
});

test('?next= brings an admin back to a same-site page, and is ignored for other sites', async ({
  page,
}) => {
  const loginVia = async (next: string) => {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Username').fill(LOGIN_USER.username);
    await page.getByLabel('Password').fill(LOGIN_USER.password);
    await page.getByRole('button', { name: 'Login' }).click();
  };
  await loginVia('/team');
  await expect(page).toHaveURL(/\/team$/);
  await page.context().clearCookies();
  await loginVia('//evil.example/steal');
  await expect(page).toHaveURL(/\/admin\/?$/);
});
