import { readFile } from 'node:fs/promises';
import { expect, openAdmin, press, SharedRebuild, test, unique } from './admin-fixtures';

// The approved testimonial and the restored stat go live in one rebuild (one test checks both);
// serial, so a failure skips the rest instead of checking a new worker's site. Rebuilds on a busy
// machine can take a while.
test.describe.configure({ mode: 'serial', timeout: 150_000 });
const published = new SharedRebuild();
test.afterAll(({ site, adminSession }) => published.putBackAs(site.url, adminSession));

test('subscriptions: a new signup waits for confirmation apart from subscribers, and can be found and deleted', async ({
  page,
}) => {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.org`;
  expect((await page.request.post('/api/newsletter', { data: { email } })).status()).toBe(201);
  await openAdmin(page, '/admin/subscriptions', 'Subscriptions');
  // The export is made in the background and saved as one file joined from its parts.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^newsletter-subscriptions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await saved.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFemail,status,signedUpAt,')).toBe(true);
  // A pending signup is not a subscriber: it is not in the file.
  expect(csv).not.toContain(email);
  await expect(page.getByText(/last exported/).first()).toBeVisible();
  await page.getByLabel('Search subscribers').fill(email);
  await expect(page.getByText(`0 subscribers matching “${email}”`)).toBeVisible();
  await page.getByRole('button', { name: 'Waiting for confirmation' }).click();
  await expect(page.getByText(`1 signup waiting matching “${email}”`)).toBeVisible();
  await press(page.getByRole('button', { name: `Delete ${email}` }));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('cell', { name: email })).toHaveCount(0);
  const left = await (
    await page.request.get(`/api/admin/subscriptions?status=pending&q=${encodeURIComponent(email)}`)
  ).json();
  expect(left.total).toBe(0);
});

test('contact messages: a new message is listed unread, opening marks it read, and it can be deleted', async ({
  page,
}) => {
  const name = unique('E2E Sender');
  const message = `Hello from the admin browser test ${name}.`;
  const sent = await page.request.post('/api/contact', {
    data: { name, email: 'sender@example.org', subject: 'media', message },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await openAdmin(page, '/admin/contact-forms', 'Contact messages');
  const row = page.getByTestId('message-row').filter({ hasText: name });
  await expect(row).toContainText('(unread)');
  await press(row.getByRole('button', { name: new RegExp(`^${name}`) }));
  const dialog = page.getByRole('dialog', { name: `Message from ${name}` });
  await expect(dialog).toContainText(message);
  await expect(row).not.toContainText('(unread)');
  const { items } = await (await page.request.get('/api/admin/contact-forms?pageSize=100')).json();
  const stored = items.find((m: { name: string }) => m.name === name);
  expect(stored.read).toBe(true);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/api/admin/contact-forms/${stored.id}`)).status()).toBe(404);
});

/** The testimonial approved below, deleted in the admin once its page is checked. */
let approved = '';

test('testimonials: approving a pending testimonial puts it on /testimonials (live below), and it can be edited', async ({
  page,
}) => {
  const name = unique('E2E Reviewer');
  const sent = await page.request.post('/api/testimonials', {
    data: {
      name,
      position: 'Analyst',
      company: 'Testco',
      content: 'The admin browser test liked it.',
      rating: 4,
      image: '',
      linkedin: '',
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const id = (await sent.json()).id;
  published.undo((api) => api.delete(`/api/admin/testimonials/${id}`));
  await openAdmin(page, '/admin/testimonials', 'Testimonials');
  const card = page.getByTestId('testimonial-row').filter({ hasText: name });
  await expect(card).toContainText('Pending review');
  await press(card.getByRole('button', { name: `Approve ${name}` }));
  await expect(card).not.toContainText('Pending review');
  await press(card.getByRole('button', { name: `Feature ${name}` }));
  await expect(card).toContainText('Featured');
  published.expectLive('/testimonials', name);
  approved = name;

  await press(card.getByRole('button', { name: `Edit ${name}` }));
  const edit = page.getByRole('dialog', { name: 'Edit testimonial' });
  await edit.getByLabel(/^Company/).fill('Renamed Co');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(card).toContainText('Renamed Co');
});

test('history pages on the server: 20 changes a page, newest first, with Next and Previous', async ({
  page,
}) => {
  // Written through the change pipeline without a rebuild, so no build is asked for.
  const { commitChange } = await import('../../src/server/publishing/history');
  const label = unique('E2E paged');
  for (let i = 0; i < 25; i++)
    await commitChange(
      { username: 'e2e' },
      { action: 'update', target: 'site-settings', summary: `${label} ${i}` },
      { rebuild: false },
    );
  await openAdmin(page, '/admin/history', 'History');
  const rows = page.getByTestId('history-row');
  await expect(rows).toHaveCount(20);
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager).toContainText('Page 1');
  const firstOnPageOne = await rows.first().textContent();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2');
  await expect(rows.first()).not.toHaveText(firstOnPageOne ?? '');
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(pager).toContainText('Page 1');
  await expect(rows).toHaveCount(20);
});

test('history: a change shows as a diff and one click restores the version before it (live below)', async ({
  page,
}) => {
  const label = unique('E2E history');
  const created = await page.request.post('/api/stats', { data: { value: '3', label } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id;
  published.undo((api) => api.delete(`/api/stats/${id}`));
  expect(
    (
      await page.request.patch(`/api/stats/${id}`, { data: { label: `${label} changed` } })
    ).status(),
  ).toBe(200);
  await openAdmin(page, '/admin/history', 'History');
  // Written as people write, with who made it.
  const row = page
    .getByTestId('history-row')
    .filter({ hasText: `Stat “${label} changed”: label changed` })
    .first();
  await expect(row.getByTestId('history-user')).not.toBeEmpty();
  // One sentence, read aloud or copied: a space before "by".
  expect(await row.locator('summary').textContent()).toMatch(/label changed by \S/);
  await openAdmin(page, '/admin', 'Dashboard');
  expect(await page.getByTestId('recent-change').first().textContent()).toMatch(/\S by \S/);
  await openAdmin(page, '/admin/history', 'History');
  await row.locator('summary').click();
  await expect(row.getByRole('row', { name: /Label/ })).toContainText(`${label} changed`);
  await row.getByRole('button', { name: 'Restore the version before this change' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('admin-announcer')).toHaveText('Change restored');
  const stats = (await (await page.request.get('/api/stats')).json()) as {
    id: string;
    label: string;
  }[];
  expect(stats.find((s) => s.id === id)?.label).toBe(label);
  // The home page's stats are written into it as text: the label as it was, not as changed.
  published.expectLive('/', label);
  published.expectLive('/', `${label} changed`, false);

  // A change History cannot undo says why, and offers no Restore that could only be refused.
  // A link is made for what is not out yet: a draft, taken away again below.
  const draft = await page.request.post('/api/publications', {
    data: { title: unique('E2E draft'), description: 'Shared before it is out.', status: 'draft' },
  });
  expect(draft.status()).toBe(201);
  const report = (await draft.json()) as { id: string };
  const link = await page.request.post('/api/admin/preview-links', {
    data: { kind: 'publication', id: report.id },
  });
  expect(link.status()).toBe(201);
  await openAdmin(page, '/admin/history', 'History');
  const linked = page.getByTestId('history-row').filter({ hasText: 'Preview link to' }).first();
  await linked.locator('summary').click();
  await expect(linked.getByTestId('history-not-restorable')).toContainText(
    'not restored from History',
  );
  await expect(linked.getByRole('button', { name: /Restore/ })).toHaveCount(0);
  await page.request.delete(`/api/admin/preview-links/${(await link.json()).id}`);
  await page.request.delete(`/api/publications/${report.id}`);
});

test('the approved testimonial and the restored stat are live after the rebuild', async ({
  page,
}) => {
  await published.verify(page);
});

test('testimonials: the approved testimonial can be deleted in the admin', async ({ page }) => {
  await openAdmin(page, '/admin/testimonials', 'Testimonials');
  const card = page.getByTestId('testimonial-row').filter({ hasText: approved });
  await press(card.getByRole('button', { name: `Delete ${approved}` }));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);
});

test('dashboard: counts, publish state, recent changes and in-app navigation to every page', async ({
  page,
}) => {
  await openAdmin(page, '/admin', 'Dashboard');
  await expect(page.getByTestId('count-subscribers')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('count-unreadMessages')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('publish-state').first()).toHaveAttribute(
    'data-state',
    /live|queued|building|failed/,
  );
  await expect(page.getByRole('heading', { name: 'Recent changes' })).toBeVisible();
  // In-app navigation keeps the page (no full load) and moves to the chosen page.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const nav = page.getByRole('navigation', { name: 'Admin' });
  for (const [label, heading] of [
    ['Events', 'Events'],
    ['Site settings', 'Site settings'],
    ['Contact messages', 'Contact messages'],
    ['History', 'History'],
  ]) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/admin\/history$/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact messages' })).toBeVisible();

  // Unsaved changes: leaving asks first, in the admin's own dialog; staying keeps the page, and
  // so does the back button until the user agrees.
  await nav.getByRole('link', { name: 'Contact info', exact: true }).click();
  await page.getByLabel('Contact phone').fill('+1 555 0100');
  const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await nav.getByRole('link', { name: 'Stats', exact: true }).click();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact info' })).toBeVisible();
  await expect(page.getByLabel('Contact phone')).toHaveValue('+1 555 0100');
  await page.goBack();
  await expect(question).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/contact-info$/);
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact info' })).toBeVisible();
  await nav.getByRole('link', { name: 'Stats', exact: true }).click();
  await question.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stats' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/stats$/);
});
