/**
 * A newsletter issue from the first word to the reader's inbox, in a real browser: an admin writes
 * an issue with a publication card, previews it as it will arrive, sends a test to their own
 * address, sends it and follows the send to its counts; then the subscriber opens the web version
 * from the email (read from the outbox with a mail parser) and changes topics through the email's
 * preferences link.
 */
import type { APIRequestContext } from '@playwright/test';
import { linkIn, mailTo, type ReadMail } from '../helpers/mail';
import { createUser, expect, openAdmin, openWhenBuilt, test, unique } from './admin-fixtures';
import { axe } from './axe';
import { gotoWaitsForScripts } from './fixtures';
import { removeSubscription } from './home-helpers';

test.describe.configure({ timeout: 240_000 });

/** The href of the HTML part's link with this text. */
function htmlLink(mail: ReadMail, text: string): URL {
  const html = String(mail.parsed.html || '');
  const found = [...html.matchAll(/<a\s[^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].find(
    (m) => m[2]!.trim() === text,
  );
  if (!found) throw new Error(`No “${text}” link in: ${html}`);
  return new URL(found[1]!.replace(/&amp;/g, '&'));
}

/** Waits for the newest message to `address` whose subject is `subject`. */
async function mailWithSubject(dataDir: string, address: string, subject: string) {
  let found: ReadMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(dataDir, address)).findLast((m) => m.parsed.subject === subject);
        return !!found;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
  return found!;
}

/** Signs an address up and confirms it with the link from its email, as a reader does. */
async function subscribe(api: APIRequestContext, dataDir: string, email: string) {
  expect((await api.post('/api/newsletter', { data: { email } })).status()).toBe(201);
  let token = '';
  await expect
    .poll(
      async () => {
        const [mail] = await mailTo(dataDir, email);
        token = mail ? (linkIn(mail, '/newsletter/confirm').searchParams.get('token') ?? '') : '';
        return token;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');
  expect((await api.post('/api/newsletter/confirm', { data: { token } })).status()).toBe(200);
}

test('an admin writes, previews, tests and sends an issue; the reader opens its web version and changes topics', async ({
  page,
  browser,
  request,
  admin,
  site,
}) => {
  const subject = unique('E2E issue');
  const stamp = Date.now();
  // Three readers at one message a second: the send lasts long enough to be seen under way.
  const readers = [1, 2, 3].map((n) => `reader-${n}-${stamp}@example.org`);
  const reader = readers[0]!;
  const adminAddress = `${admin.username}@example.org`.toLowerCase();
  const publication = 'The State of AI Governance 2025';
  // The test copy goes to the signed-in user's own verified address (taken away afterwards: the
  // worker's later files meet this admin without one).
  const { updateUser } = await import('../../src/server/auth/users');
  await updateUser(admin.username, (u) => ({
    ...u,
    email: adminAddress,
    emailVerifiedAt: new Date().toISOString(),
  }));
  const before = await (await page.request.get('/api/admin/newsletter-settings')).json();
  for (const r of readers) await subscribe(request, site.dataDir, r);
  const visitor = gotoWaitsForScripts(await browser.newPage({ baseURL: site.url }));
  try {
    await openAdmin(page, '/admin/email', 'Email');
    const sending = page.getByRole('region', { name: 'Newsletter sending' });
    await sending.getByLabel('Messages per second').fill('1');
    await sending.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Newsletter settings saved')).toBeVisible();

    await openAdmin(page, '/admin/newsletter', 'Newsletter');
    await page.getByRole('button', { name: 'New issue' }).click();
    const drawer = page.getByRole('dialog', { name: 'New issue' });
    await drawer.getByLabel('Subject').fill(subject);
    await drawer.getByRole('textbox', { name: 'Introduction' }).fill('This month: **governance**.');
    await drawer.getByLabel(`${publication} (publication, published)`).check();
    await drawer.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Draft saved')).toBeVisible();
    // Its title is the subject once it is no longer a draft.
    const editor = page.getByRole('dialog', { name: new RegExp(`^(Edit issue|${subject})$`) });

    // The preview is the message itself, in a frame that runs nothing.
    await editor.getByRole('button', { name: 'Preview email' }).click();
    const frame = editor.locator('iframe[title="The email as it will arrive"]');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frame.contentFrame().getByRole('heading', { name: subject })).toBeVisible();
    await expect(
      frame.contentFrame().getByRole('link', { name: publication, exact: true }),
    ).toBeVisible();
    await expect(editor.getByTestId('issue-recipients')).toContainText(
      /\d+ recipients if it were sent now/,
    );
    await editor.getByRole('button', { name: 'Plain text' }).click();
    await expect(editor.getByTestId('issue-text-part')).toContainText(publication);
    // The drawer with its preview open: the page scan (admin-a11y) sees only the list.
    const { violations } = await axe(page).include('dialog[open]').analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);

    await editor.getByRole('button', { name: 'Send test to me' }).click();
    await expect(page.getByText('Test sent')).toBeVisible();
    const copy = await mailWithSubject(site.dataDir, adminAddress, `[Test] ${subject}`);
    expect(copy.parsed.html).toContain(publication);

    // Sending asks first, naming how many get it.
    await editor.getByRole('button', { name: 'Send now' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send this issue now?' });
    await confirm.getByRole('button', { name: /^Send to \d+ recipients$/ }).click();
    await expect(page.getByText('Sending started')).toBeVisible();
    await expect(editor.getByTestId('issue-progress').getByRole('progressbar')).toBeVisible();
    await editor.getByRole('button', { name: 'Close', exact: true }).first().click();

    // The list follows the send by itself, to its counts.
    const row = page.getByTestId('issue').filter({ hasText: subject });
    await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 60_000 });
    // Every reader got it: nothing failed, nobody was skipped.
    await expect(row.getByTestId('issue-counts')).toHaveText(/^(\d+) recipients: \1 sent$/);
    await row.getByRole('button', { name: subject }).click();
    const sent = page.getByRole('dialog', { name: subject });
    await expect(sent.getByTestId('issue-counts')).toContainText('0 bounces, 0 complaints');
    await expect(sent.getByLabel('Subject')).toBeDisabled();
    await expect(sent.getByRole('button', { name: 'Send now' })).toHaveCount(0);

    // The reader's copy: its web version and its preferences link.
    const mail = await mailWithSubject(site.dataDir, reader, subject);
    const web = htmlLink(mail, 'View in your browser');
    await openWhenBuilt(visitor, web.pathname);
    await expect(visitor.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(visitor.getByText(publication).first()).toBeVisible();

    const preferences = htmlLink(mail, 'Your preferences');
    await visitor.goto(preferences.pathname + preferences.search);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Newsletter preferences' }),
    ).toBeVisible();
    await visitor.getByLabel('AI Governance & Policy').check();
    await visitor.getByRole('button', { name: 'Save topics' }).click();
    await expect(visitor.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByLabel('AI Governance & Policy')).toBeChecked();
  } finally {
    await visitor.close();
    await page.request.put('/api/admin/newsletter-settings', {
      data: { newsletterRatePerSecond: before.newsletterRatePerSecond },
    });
    await updateUser(admin.username, ({ email: _e, emailVerifiedAt: _v, ...u }) => u);
    for (const r of readers) await removeSubscription(request, r);
  }
});

test('an editor drafts but sends only once an admin allows it; a schedule in the site’s zone is cancelled; a draft is deleted', async ({
  page,
  browser,
  site,
}) => {
  const subject = unique('E2E editor issue');
  const editorUser = { username: `e2e-editor-${Date.now()}`, password: 'editor-password-123' };
  await createUser(editorUser.username, editorUser.password, false);
  const before = await (await page.request.get('/api/admin/newsletter-settings')).json();
  const made = await page.request.post('/api/admin/newsletter-issues', {
    data: { subject, intro: 'A short note.', items: [], topics: [] },
  });
  expect(made.status()).toBe(201);
  const context = await browser.newContext({ baseURL: site.url });
  const editor = gotoWaitsForScripts(await context.newPage());
  const login = await editor.request.post('/api/auth/login', { data: editorUser });
  expect(login.status()).toBe(200);
  const openIssue = async () => {
    await openAdmin(editor, '/admin/newsletter', 'Newsletter');
    await editor
      .getByTestId('issue')
      .filter({ hasText: subject })
      .getByRole('button', { name: subject })
      .click();
    return editor.getByRole('dialog', { name: 'Edit issue' });
  };
  try {
    // Not allowed: the buttons are there, off, with the reason beside them.
    let drawer = await openIssue();
    await expect(drawer.getByRole('button', { name: 'Send test to me' })).toBeEnabled();
    await expect(drawer.getByRole('button', { name: 'Send now' })).toBeDisabled();
    await expect(drawer.getByRole('button', { name: 'Schedule…' })).toBeDisabled();
    await expect(drawer.getByText('Only admins send or schedule the newsletter')).toBeVisible();

    await openAdmin(page, '/admin/email', 'Email');
    const sending = page.getByRole('region', { name: 'Newsletter sending' });
    await sending.getByLabel('Editors may send and schedule issues').check();
    await sending.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Newsletter settings saved')).toBeVisible();

    // Allowed: scheduled for a time in UTC two days ahead, then taken back.
    drawer = await openIssue();
    await drawer.getByRole('button', { name: 'Schedule…' }).click();
    const schedule = editor.getByRole('dialog', { name: 'Schedule the issue' });
    const { siteTimeZone } = await (await editor.request.get('/api/site-settings')).json();
    await expect(schedule.getByLabel('Time zone')).toHaveValue(siteTimeZone);
    await schedule.getByLabel('Time zone').selectOption('UTC');
    const at = new Date(Date.now() + 2 * 86_400_000);
    at.setUTCHours(9, 30, 0, 0);
    await schedule.getByLabel('Sends at').fill(at.toISOString().slice(0, 16));
    await schedule.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(editor.getByText(/^Scheduled for /).first()).toBeVisible();
    const scheduled = editor.getByRole('dialog', { name: subject });
    await expect(scheduled.getByLabel('Subject')).toBeDisabled();
    const stored = await (
      await editor.request.get('/api/admin/newsletter-issues?page=1&pageSize=50')
    ).json();
    expect(
      (stored.items as { subject: string; scheduledAt?: string }[]).find(
        (i) => i.subject === subject,
      )?.scheduledAt,
    ).toBe(at.toISOString());
    await scheduled.getByRole('button', { name: 'Cancel schedule' }).click();
    await expect(editor.getByText('Schedule cancelled')).toBeVisible();
    await expect(editor.getByRole('dialog', { name: 'Edit issue' })).toBeVisible();

    await editor
      .getByRole('dialog', { name: 'Edit issue' })
      .getByRole('button', { name: 'Delete draft' })
      .click();
    await editor
      .getByRole('alertdialog', { name: 'Delete this draft?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(editor.getByText('Draft deleted')).toBeVisible();
    await expect(editor.getByTestId('issue').filter({ hasText: subject })).toHaveCount(0);
  } finally {
    await context.close();
    await page.request.put('/api/admin/newsletter-settings', {
      data: { editorsMaySendNewsletter: before.editorsMaySendNewsletter },
    });
  }
});
