import type { Page } from '@playwright/test';
import { expect, openAdmin, press, SharedRebuild, test, unique } from './admin-fixtures';

// The settings saved below go live together, in one rebuild (the last test but one checks them
// all); serial, so a failure skips the rest instead of checking a new worker's site. Rebuilds on
// a busy machine can take a while.
test.describe.configure({ mode: 'serial', timeout: 150_000 });
const published = new SharedRebuild();
test.afterAll(({ site, adminSession }) => published.putBackAs(site.url, adminSession));

async function settings(page: Page): Promise<Record<string, unknown>> {
  return (await page.request.get('/api/site-settings')).json();
}

/** Puts settings back as they were, for the other tests sharing the server. */
async function restore(page: Page, values: Record<string, unknown>): Promise<void> {
  const res = await page.request.patch('/api/site-settings', { data: values });
  expect(res.status(), await res.text()).toBe(200);
}

async function save(page: Page) {
  await press(page.getByRole('button', { name: 'Save changes' }));
  await expect(page.getByTestId('admin-announcer')).toHaveText('Changes saved');
}

test("site settings: a changed text is saved alone, and the built-in wording is the field's text until changed", async ({
  page,
}) => {
  const before = await settings(page);
  const text = unique('E2E subtitle');
  await openAdmin(page, '/admin/site-settings', 'Site settings');
  for (const group of [
    'Hero',
    'About',
    'Core principles',
    'Credibility boxes',
    'Section texts',
    'Founder',
    'Featured video',
    'Social & contact',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  }
  await expect(page.getByLabel('Credibility box 1 metric')).toHaveValue('95% Success Rate');
  await expect(
    page.getByRole('button', { name: 'Reset to default (Credibility box 1 metric)' }),
  ).toHaveCount(0);
  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/api/site-settings') && r.method() === 'PATCH',
  );
  await page.getByLabel('Hero subtitle').fill(text);
  await save(page);
  published.undo((api) =>
    api.patch('/api/site-settings', { data: { heroSubtitle: before.heroSubtitle } }),
  );
  const body = (await sent).postDataJSON();
  expect(body).toEqual({ heroSubtitle: text, _expected: { heroSubtitle: before.heroSubtitle } });
  published.expectLive('/', text);
  // The toast never covers the action bar along the bottom of the form.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Changes saved' });
  await expect(toast).toBeVisible();
  // Measured once it has slid into place (it enters with a short animation).
  const clear = async () => {
    const [t, bar] = [
      await toast.boundingBox(),
      await page.getByRole('button', { name: 'Save changes' }).locator('..').boundingBox(),
    ];
    return t!.y + t!.height <= bar!.y || t!.y >= bar!.y + bar!.height
      ? 'clear'
      : `toast ${JSON.stringify(t)} over the action bar ${JSON.stringify(bar)}`;
  };
  await expect.poll(clear, { timeout: 5_000 }).toBe('clear');
  // A field of its own text shows its reset button once the page reads the saved value back.
  await page.reload();
  await expect(page.getByLabel('Hero subtitle')).toHaveValue(text);
  await expect(
    page.getByRole('button', { name: 'Reset to default (Hero subtitle)' }),
  ).toBeVisible();
});

test('site settings: a field someone else changed meanwhile shows their value; keep theirs or overwrite', async ({
  page,
}) => {
  const before = await settings(page);
  const mine = unique('E2E mine');
  const theirs = unique('E2E theirs');
  try {
    await openAdmin(page, '/admin/site-settings', 'Site settings');
    await page.getByLabel('Newsletter description', { exact: true }).fill(mine);
    await restore(page, { newsletterDescription: theirs });
    await press(page.getByRole('button', { name: 'Save changes' }));
    const notice = page.getByRole('alert').filter({ hasText: 'Someone else changed this' });
    await expect(notice).toContainText(theirs);
    await notice.getByRole('button', { name: 'Keep theirs' }).click();
    await expect(page.getByLabel('Newsletter description', { exact: true })).toHaveValue(theirs);

    // Now the other way round: overwrite saves mine over theirs.
    await page.getByLabel('Newsletter description', { exact: true }).fill(mine);
    await restore(page, { newsletterDescription: `${theirs} again` });
    await press(page.getByRole('button', { name: 'Save changes' }));
    await notice.getByRole('button', { name: 'Overwrite with mine' }).click();
    await expect(page.getByTestId('admin-announcer')).toHaveText('Changes saved');
    expect((await settings(page)).newsletterDescription).toBe(mine);
  } finally {
    await restore(page, { newsletterDescription: before.newsletterDescription });
  }
});

test('section visibility: hiding the stats section takes it off the home page (live below)', async ({
  page,
}) => {
  const stats = (await (await page.request.get('/api/stats')).json()) as { label: string }[];
  const label = stats[0]!.label;
  await openAdmin(page, '/admin/section-visibility', 'Section visibility');
  const toggle = page.getByRole('switch', { name: 'Show stats' });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await save(page);
  published.undo((api) => api.patch('/api/site-settings', { data: { showStats: true } }));
  expect((await settings(page)).showStats).toBe(false);
  published.expectLive('/', label, false);
});

test('team toggle: the founder position is saved for /team (live below)', async ({ page }) => {
  const before = await settings(page);
  const position = unique('E2E Chief');
  await openAdmin(page, '/admin/team-toggle', 'Team & founder');
  await expect(page.getByRole('switch', { name: 'Show the team section' })).toBeChecked();
  await page.getByLabel('Founder position').fill(position);
  await save(page);
  published.undo((api) =>
    api.patch('/api/site-settings', { data: { founderPosition: before.founderPosition } }),
  );
  expect((await settings(page)).founderPosition).toBe(position);
  published.expectLive('/team', position);
});

test('contact info: the phone number is saved for the home page (live below)', async ({ page }) => {
  const before = await settings(page);
  const phone = `+44 20 ${Date.now().toString().slice(-8)}`;
  await openAdmin(page, '/admin/contact-info', 'Contact info');
  await expect(page.getByLabel('Contact phone')).toHaveValue(String(before.contactPhone));
  await page.getByLabel('Contact phone').fill(phone);
  await save(page);
  published.undo((api) =>
    api.patch('/api/site-settings', { data: { contactPhone: before.contactPhone } }),
  );
  expect((await settings(page)).contactPhone).toBe(phone);
  published.expectLive('/', phone);
});

test('video settings: the address is checked with the site parser and previewed; the title is saved (live below)', async ({
  page,
}) => {
  const before = await settings(page);
  const title = unique('E2E video');
  await openAdmin(page, '/admin/video-settings', 'Video settings');
  await page.getByLabel('YouTube address').fill('https://example.com/not-a-video');
  await press(page.getByRole('button', { name: 'Save changes' }));
  await expect(page.locator('#video-settings-featuredVideoUrl-error')).toContainText(
    'Enter a YouTube address',
  );
  await page.getByLabel('YouTube address').fill('https://youtu.be/dQw4w9WgXcQ');
  await expect(page.getByTestId('video-id')).toContainText('dQw4w9WgXcQ');
  await page.getByLabel('Featured video title').fill(title);
  await save(page);
  published.undo((api) =>
    api.patch('/api/site-settings', {
      data: {
        featuredVideoUrl: before.featuredVideoUrl,
        featuredVideoTitle: before.featuredVideoTitle,
      },
    }),
  );
  expect((await settings(page)).featuredVideoTitle).toBe(title);
  published.expectLive('/', title);
});

test('every setting saved above is live after the rebuild: subtitle, stats hidden, founder position, phone, video title', async ({
  page,
}) => {
  await published.verify(page);
});

test('"Reset to default" puts the built-in wording back in the field, and saving it stores \'\' (the field follows the built-in wording again)', async ({
  page,
}) => {
  const before = await settings(page);
  const own = unique('E2E own subtitle');
  await restore(page, { heroSubtitle: own });
  try {
    await openAdmin(page, '/admin/site-settings', 'Site settings');
    await expect(page.getByLabel('Hero subtitle')).toHaveValue(own);
    const reset = page.getByRole('button', { name: 'Reset to default (Hero subtitle)' });
    await reset.click();
    await expect(page.getByLabel('Hero subtitle')).toHaveValue(
      /^We research how artificial intelligence/,
    );
    await expect(reset).toHaveCount(0);
    const resent = page.waitForRequest(
      (r) => r.url().endsWith('/api/site-settings') && r.method() === 'PATCH',
    );
    await save(page);
    expect((await resent).postDataJSON()).toEqual({
      heroSubtitle: '',
      _expected: { heroSubtitle: own },
    });
  } finally {
    await restore(page, { heroSubtitle: before.heroSubtitle });
  }
});
