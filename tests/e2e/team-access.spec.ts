import { readFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { createUser, expect, openAdmin, press, test as adminTest, unique } from './admin-fixtures';
import { signIn, test } from './fixtures';

// Browsers of other people: no admin session from the fixture.
const SIGNED_OUT = { storageState: { cookies: [], origins: [] } };

/** Signs in through the login form; answers when the form was sent. */
async function loginForm(page: Page, username: string, password: string, code?: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  if (code !== undefined) {
    await page.getByLabel('Two-factor code').fill(code);
    await page.getByRole('button', { name: 'Login' }).click();
  }
}

adminTest('invite, accept, sign in', async ({ page, browser }) => {
  const username = unique('invitee').replace(/\s/g, '-');
  await openAdmin(page, '/admin/users', 'Users');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'Create invitation link' }).click();
  const link = await page.getByLabel(`Invitation link for ${username}`).inputValue();
  expect(link).toMatch(/\/invite#[\w-]{43}$/);
  await expect(page.getByRole('article', { name: username })).toContainText(
    'Invited (no password yet)',
  );

  const invitee = await (await browser.newContext(SIGNED_OUT)).newPage();
  await invitee.goto(link);
  await expect(invitee.getByText(`Welcome, ${username}`)).toBeVisible();
  await invitee.getByLabel('New password').fill('short');
  await invitee.getByLabel('Repeat the password').fill('short');
  await invitee.getByRole('button', { name: 'Set password' }).click();
  await expect(invitee.getByRole('alert')).toHaveText('Password must be at least 12 characters');
  await invitee.getByLabel('New password').fill('invitee-password-123');
  await invitee.getByLabel('Repeat the password').fill('invitee-password-123');
  await invitee.getByRole('button', { name: 'Set password' }).click();
  await invitee.waitForURL(/\/login$/);
  await expect(invitee.getByText('Password set')).toBeVisible();
  await loginForm(invitee, username, 'invitee-password-123');
  await invitee.waitForURL(/\/admin$/);
  await expect(invitee.getByTestId('admin-username')).toHaveText(username);

  // The link worked once.
  await invitee.goto(link);
  await expect(invitee.getByRole('alert')).toContainText('already used');
});

adminTest(
  'a password reset refuses the old sessions and the old password',
  async ({ page, browser }) => {
    const username = unique('resetee').replace(/\s/g, '-');
    await createUser(username, 'resetee-password-123', false);
    const other = await (await browser.newContext(SIGNED_OUT)).newPage();
    await loginForm(other, username, 'resetee-password-123');
    await other.waitForURL(/\/admin$/);

    await openAdmin(page, '/admin/users', 'Users');
    await press(
      page.getByRole('article', { name: username }).getByRole('button', { name: 'Reset password' }),
    );
    await expect(page.getByLabel(`Invitation link for ${username}`)).toBeVisible();

    expect((await other.request.get('/api/auth/me')).status()).toBe(401);
    await other.goto('/admin/events');
    await other.waitForURL(/\/login\?next=%2Fadmin%2Fevents$/);
    await loginForm(other, username, 'resetee-password-123');
    await expect(other.getByRole('alert')).toHaveText('Invalid username or password');
  },
);

test('two-factor: enrol, sign in with a computed code, then with a recovery code once', async ({
  page,
}) => {
  // Five bcrypt sign-ins on a shared machine.
  test.setTimeout(120_000);
  const username = unique('careful').replace(/\s/g, '-');
  const password = 'careful-password-123';
  await createUser(username, password, false);
  await loginForm(page, username, password);
  await page.waitForURL(/\/admin$/);
  await press(page.getByRole('link', { name: 'My account', exact: true }));
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!;
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  await page.getByLabel('Code from the app').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  const shown = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(shown).toHaveCount(10);
  const codes = (await shown.allTextContents()).map((c) => c.trim());
  // The codes can be saved as a file (and copied), not only written down by hand.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('recovery-codes.txt');
  const saved = await readFile((await download.path())!, 'utf8');
  for (const code of codes) expect(saved).toContain(code);
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/login$/);
  // The password alone asks for the code, calmly: a second step, not an error. A code from the next
  // time step signs in (the first was used).
  await loginForm(page, username, password);
  await expect(page.getByTestId('login-second-step')).toHaveText(
    'Password accepted. One more step: enter your two-factor code.',
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('Two-factor code')).toBeFocused();
  await page.getByLabel('Two-factor code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/admin$/);

  for (const expected of ['signed in', 'refused'] as const) {
    // Leave the admin first: signed out, it would send itself to /login while the test goes there too.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await loginForm(page, username, password, codes[0]);
    if (expected === 'signed in') await page.waitForURL(/\/admin$/);
    else await expect(page.getByRole('alert')).toHaveText('That code is not right');
  }
});

test('an editor cannot open the inbox, not even by its address', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/api/admin/contact-forms') && calls.push(r.url()));
  await signIn(page, 'viewer');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Site settings' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Contact messages' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Subscriptions' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await expect(page.getByTestId('count-unreadMessages')).toHaveCount(0);

  await page.goto('/admin/contact-forms');
  await expect(
    page.getByRole('heading', { level: 1, name: "You don't have permission to open this page" }),
  ).toBeVisible();
  await expect(page.getByText('which cannot open Contact messages')).toBeVisible();
  expect(calls).toEqual([]);
});
