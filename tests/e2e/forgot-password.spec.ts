import { axe } from './axe';
import { Secret, TOTP } from 'otpauth';
import type { Page } from '@playwright/test';
import { linkIn, mailTo, type ReadMail } from '../helpers/mail';
import { createUser, press, unique } from './admin-fixtures';
import { expect, test } from './fixtures';

/**
 * The newest message to an address whose subject holds `subject`, once delivery (after the
 * response) wrote it to the outbox in the worker's site's data folder.
 */
async function mailFor(dataDir: string, address: string, subject: string): Promise<ReadMail> {
  let found: ReadMail | undefined;
  await expect
    .poll(async () => {
      found = (await mailTo(dataDir, address))
        .filter((m) => m.parsed.subject?.includes(subject))
        .at(-1);
      return !!found;
    })
    .toBe(true);
  return found!;
}

async function loginForm(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('forgot password: verified address → email → new password → sign-in still asks for the two-factor code', async ({
  page,
  browser,
  site,
}) => {
  // Several bcrypt sign-ins and two deliveries on a shared machine.
  test.setTimeout(150_000);
  const username = unique('forgetful').replace(/\s/g, '-');
  const email = `${username}@example.org`;
  await createUser(username, 'forgetful-password-1', false);
  await loginForm(page, username, 'forgetful-password-1');
  await page.waitForURL(/\/admin$/);

  // My account (the navigation's link: a user without an address also has the dashboard's notice
  // "Open My account"): an address, pending until its emailed link is used.
  await press(page.getByRole('link', { name: 'My account', exact: true }));
  await expect(page.getByTestId('email-state')).toContainText('No verified address');
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Send a confirmation link' }).click();
  await expect(page.getByTestId('email-pending')).toContainText(
    `${email} is waiting for confirmation`,
  );
  await page.goto(
    linkIn(await mailFor(site.dataDir, email, 'Confirm your email address'), '/verify-email').href,
  );
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `${email} is now the verified email address of your account.`,
  );
  await page.goto('/admin/account');
  await expect(page.getByTestId('email-state')).toContainText(`${email} (verified)`);
  await expect(page.getByTestId('email-pending')).toHaveCount(0);

  // Two-factor sign-in on.
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  const totp = new TOTP({
    secret: Secret.fromBase32((await page.getByTestId('two-factor-secret').textContent())!),
    digits: 6,
    period: 30,
  });
  await page.getByLabel('Code from the app').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);

  // Someone else forgets: from /login, by address.
  const visitor = await (
    await browser.newContext({ storageState: { cookies: [], origins: [] } })
  ).newPage();
  await visitor.goto('/login');
  await press(visitor.getByRole('link', { name: 'Forgot your password?' }));
  await visitor.getByLabel('Username or email').fill(email.toUpperCase());
  await visitor.getByRole('button', { name: 'Email me a link' }).click();
  const answer =
    'If that account has a verified email address, we have emailed it a link to set a new password. The link works for 1 hour.';
  await expect(visitor.getByRole('status')).toHaveText(answer);

  const link = linkIn(await mailFor(site.dataDir, email, 'Set a new password'), '/invite');
  await visitor.goto(link.href);
  await expect(visitor.getByText(`Welcome back, ${username}`)).toBeVisible();
  await visitor.getByLabel('New password').fill('forgetful-password-2');
  await visitor.getByLabel('Repeat the password').fill('forgetful-password-2');
  await visitor.getByRole('button', { name: 'Set password' }).click();
  await visitor.waitForURL(/\/login$/);
  await expect(visitor.getByText('Password set')).toBeVisible();

  // The session that was open before the reset has ended.
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  // The new password alone is not enough: the second factor is still asked for.
  await loginForm(visitor, username, 'forgetful-password-2');
  await expect(visitor.getByTestId('login-second-step')).toBeVisible();
  await visitor
    .getByLabel('Two-factor code')
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await visitor.getByRole('button', { name: 'Login' }).click();
  await visitor.waitForURL(/\/admin$/);
  await expect(visitor.getByTestId('admin-username')).toHaveText(username);

  // The link worked once.
  await visitor.goto(link.href);
  await expect(visitor.getByRole('alert')).toContainText('already used');
});

test('the pages of the account links have no serious or critical accessibility violations', async ({
  page,
}) => {
  const pages: [string, string][] = [
    ['/login', 'Forgot your password?'],
    ['/forgot-password', 'Email me a link'],
    ['/verify-email?token=not-a-real-token', 'Confirm my email address'],
  ];
  for (const [address, control] of pages) {
    await page.goto(address);
    await expect(
      page.getByRole(address === '/login' ? 'link' : 'button', { name: control }),
    ).toBeVisible();
    const results = await axe(page).analyze();
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${address} ${v.id}`),
    ).toEqual([]);
  }
  // A forged verification link changes nothing and says so.
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByRole('alert')).toContainText('This verification link is not valid');
});
