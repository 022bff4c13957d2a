/**
 * The first-run setup in a browser, on a site of its own with an empty store: the setup form,
 * a wrong code refused, the first admin signed in and on My account with two-factor sign-in next,
 * the dashboard saying that nobody hears of new messages until the address is confirmed,
 * /setup gone afterwards; then the recovery form with RECOVERY_CODE.
 */
import { axe } from './axe';
import { expect, test } from './fixtures';
import { useOwnSite } from './own-site';

const site = useOwnSite({ seed: false });
// The platform runs in this worker: its functions read the code from here.
const CODE = 'browser-setup-code-0123456789';
test.beforeAll(() => {
  process.env.SETUP_CODE = CODE;
});
test.afterAll(() => {
  delete process.env.SETUP_CODE;
});

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test('the setup form makes the first admin, signed in, and then /setup is gone', async ({
  page,
}) => {
  await page.goto(`${site.url}/setup`);
  const form = page.getByTestId('setup-form');
  await expect(form).toBeVisible();
  const results = await axe(page).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id),
  ).toEqual([]);

  await form.getByLabel('Setup code').fill('not-the-right-code');
  await form.getByLabel('Username').fill('founder');
  await form.getByLabel('Email address').fill('founder@example.org');
  await form.getByLabel('Password').fill('founder-password-1');
  await form.getByRole('button', { name: 'Create the admin and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');

  await form.getByLabel('Setup code').fill(CODE);
  await form.getByRole('button', { name: 'Create the admin and sign in' }).click();
  await page.waitForURL('**/admin/account');
  await expect(page.getByText('Your site is set up')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up two-factor sign-in' })).toBeVisible();

  // The address waits for its link: nobody is told about new contact messages yet.
  await page.goto(`${site.url}/admin/`);
  const warning = page.getByTestId('unheard-warning');
  await expect(warning).toContainText('Nobody is told about new contact messages');
  await expect(warning.getByRole('link', { name: 'Open My account' })).toBeVisible();

  await page.goto(`${site.url}/setup`);
  await expect(page.getByTestId('setup-closed')).toContainText('set up already');
  await expect(page.getByTestId('setup-form')).toHaveCount(0);
});

test('with RECOVERY_CODE set, /setup?recover gives a locked-out admin a new password, signed in', async ({
  page,
}) => {
  process.env.RECOVERY_CODE = 'browser-recovery-code-0123456789';
  try {
    await page.goto(`${site.url}/setup?recover`);
    const form = page.getByTestId('recover-form');
    await expect(form).toBeVisible();
    const results = await axe(page).analyze();
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id),
    ).toEqual([]);
    await form.getByLabel('Recovery code').fill(process.env.RECOVERY_CODE);
    await form.getByLabel('Username').fill('founder');
    await form.getByLabel('New password').fill('recovered-password-1');
    await form.getByRole('button', { name: 'Recover and sign in' }).click();
    await page.waitForURL('**/admin/account');
    await expect(page.getByText('You are back in')).toBeVisible();
    await page.goto(`${site.url}/admin/history`);
    await expect(page.getByText(/Used the recovery code/).first()).toBeVisible();
  } finally {
    delete process.env.RECOVERY_CODE;
  }
});
