import { formatDateTime } from '../../src/lib/date-style';
import {
  expect,
  openAdmin,
  openWhenBuilt,
  buildsDone,
  test,
  unique,
  waitForPublished,
} from './admin-fixtures';

test.describe.configure({ timeout: 300_000 });

/** 'YYYY-MM-DDTHH:MM' in UTC, as the release form takes it with the UTC zone chosen. */
const utcLocal = (at: number) => new Date(at).toISOString().slice(0, 16);

test('an editor makes a release of a draft and a text change, previews it as a whole, sees it in the tracker, and it goes live together at its time', async ({
  page,
  browser,
  buildClock,
}) => {
  const title = unique('E2E launch report');
  const wording = unique('Launch wording');
  const name = unique('E2E launch');
  const made = await page.request.post('/api/publications', {
    data: {
      title,
      description: 'Out at the launch.',
      authors: 'Mei Chen',
      date: 'May 2027',
      status: 'draft',
    },
  });
  expect(made.status()).toBe(201);
  const { id, slug } = (await made.json()) as { id: string; slug: string };
  const before = (await (await page.request.get('/api/site-settings')).json()) as {
    statsDescription: string;
  };
  // A whole minute at least a minute ahead: the time must still be to come when the form is sent.
  const at = Math.ceil((Date.now() + 75_000) / 60_000) * 60_000;

  await openAdmin(page, '/admin/releases', 'Releases');
  await page.getByLabel('Release name').fill(name);
  await page.getByLabel('Time zone').first().selectOption('UTC');
  await page.getByLabel('Goes live at').first().fill(utcLocal(at));
  await page.getByRole('button', { name: 'Create release' }).click();

  const release = page.getByTestId('release').filter({ hasText: name });
  // Its time in the site's date style, on the release's own clock.
  await expect(release).toContainText(`${formatDateTime(at, 'UTC')} (UTC)`);
  await release.getByLabel(`${title} (publication, draft)`).check();
  await release.getByRole('button', { name: 'Save items' }).click();
  await expect(release).toContainText('1 item, 0 text changes');
  await release.getByLabel('Text', { exact: true }).selectOption({ label: 'Stats description' });
  await release.getByLabel('New wording').fill(wording);
  await release.getByRole('button', { name: 'Add text change' }).click();
  await expect(release.getByTestId('release-text-change')).toHaveText(
    `Stats description: ${wording}`,
  );
  await expect(release.getByTestId('release-problems')).toBeVisible();
  // The log names items by title and texts by label, never ids or keys.
  await expect(release.getByTestId('release-log')).toContainText(`Added “${title}”`);
  await expect(release.getByTestId('release-log')).toContainText('Text changes: Stats description');

  // The publish tracker counts down to it.
  await openAdmin(page, '/admin', 'Dashboard');
  await expect(page.getByTestId('scheduled-release').filter({ hasText: name })).toContainText(
    /1 item, 1 text change\) · Scheduled for .* \(UTC\) · in \d+ (second|minute)s?/,
  );

  // A preview link to the whole release, opened by a journalist without an account.
  await openAdmin(page, '/admin/releases', 'Releases');
  await page.getByTestId('release').filter({ hasText: name }).getByRole('button', { name }).click();
  await page.getByRole('button', { name: 'Make preview link' }).click();
  const url = (await page.getByTestId('release-preview-url').textContent())!;
  const journalist = await browser.newContext();
  const reader = await journalist.newPage();
  await reader.goto(url);
  await expect(reader.getByTestId('preview-band')).toContainText(
    `embargoed until ${formatDateTime(at, 'UTC')} (UTC)`,
  );
  await expect(reader.getByTestId('release-text')).toHaveText(wording);
  const itemLink = reader.getByRole('link', { name: title });
  const itemUrl = new URL((await itemLink.getAttribute('href'))!, url).href;
  // The item's own preview page appears once the rebuild that renders it is done.
  await openWhenBuilt(reader, itemUrl);
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Before its time the live site is unchanged. Every build the saves asked for is done first: the
  // next build is then the one the check below asks for, the only one that renders for its time.
  await buildsDone();
  expect((await page.request.get(`/publications/${slug}`)).status()).toBe(404);
  expect(await (await page.request.get('/')).text()).not.toContain(wording);

  // At its time, the minute's scheduled check (run here as the platform's scheduler would) starts the
  // build. The clock is injected rather than waited for: the check and the build it starts run as
  // at the release's minute, a minute or two ahead of the real time.
  const { checkReleases } = await import('../../src/server/workflows/releases');
  buildClock(at);
  expect((await checkReleases(at)).rebuilt).toBe(true);
  await waitForPublished(page, '/', wording, true, 180_000);
  await expect(page.request.get(`/publications/${slug}`).then((r) => r.status())).resolves.toBe(
    200,
  );
  await page.goto('/');
  await expect(page.getByText(wording)).toBeVisible();
  // Gone live, the release reads Published in the admin, not Scheduled.
  await openAdmin(page, '/admin/releases', 'Releases');
  await expect(page.getByTestId('release').filter({ hasText: name })).toContainText('Published');

  await journalist.close();
  await page.request.patch('/api/site-settings', {
    data: { statsDescription: before.statsDescription },
  });
  await page.request.delete(`/api/publications/${id}`);
});
