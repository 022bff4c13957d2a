import type { Page } from '@playwright/test';
import { SharedRebuild } from './admin-fixtures';
import { expect, signIn, test } from './fixtures';

// Fields this file edits; every one is put back in afterAll (other suites share the server).
const FIELDS = ['heroTitle', 'heroSubtitle', 'heroAuthority3', 'aboutVision'] as const;
type Field = (typeof FIELDS)[number];

const text = (page: Page, field: Field) => page.locator(`[data-edit="settings.${field}"]`).first();
const pencil = (page: Page, label: string) =>
  page.getByRole('button', { name: `Edit ${label}`, exact: true }).first();

async function openEditMode(page: Page) {
  await page.goto('/?edit=true');
  await expect(page.getByText('Edit mode enabled')).toBeVisible();
  await expect(page.getByText('Click on highlighted text to edit content')).toBeVisible();
  await expect(pencil(page, 'hero title')).toBeVisible();
}

/** Counts the PATCH calls a page makes. */
function countPatches(page: Page) {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH') seen.push(r.url());
  });
  return seen;
}

let original: Record<string, string> = {};

// The two texts saved below go live in one rebuild, which the hero-title test waits for; serial,
// so a failure skips the rest instead of checking a new worker's site. afterAll puts them back.
test.describe.configure({ mode: 'serial' });
const published = new SharedRebuild();

test.beforeAll(async ({ request }) => {
  original = await (await request.get('/api/site-settings')).json();
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page);
  const restore = Object.fromEntries(FIELDS.map((f) => [f, original[f] ?? '']));
  expect((await page.request.patch('/api/site-settings', { data: restore })).status()).toBe(200);
  await page.close();
});

test('a multiline description saves with Ctrl+Enter; plain Enter adds a line (live with the hero title below)', async ({
  page,
}) => {
  await signIn(page);
  const patches = countPatches(page);
  await openEditMode(page);
  await pencil(page, 'hero subtitle').click();
  const box = page.getByRole('textbox', { name: 'hero subtitle', exact: true });
  await expect(box).toHaveJSProperty('tagName', 'TEXTAREA');
  const stamp = Date.now();
  await box.fill(`First line ${stamp}`);
  await box.press('End');
  await box.press('Enter');
  await box.pressSequentially('second line');
  expect(patches).toHaveLength(0);
  await expect(box).toHaveValue(`First line ${stamp}\nsecond line`);
  await box.press('Control+Enter');
  await expect(box).toBeHidden();
  await expect(text(page, 'heroSubtitle')).toHaveText(`First line ${stamp}\nsecond line`);
  expect(patches).toHaveLength(1);
  const stored = await (await page.request.get('/api/site-settings')).json();
  expect(stored.heroSubtitle).toBe(`First line ${stamp}\nsecond line`);
  // Published with its line break as typed.
  published.expectLive('/', `First line ${stamp}\nsecond line`);
});

test('edit mode: toast, highlighted texts, and a hero title saved with Enter that is live after the rebuild (with the description above)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const patches = countPatches(page);
  await openEditMode(page);
  const title = text(page, 'heroTitle');
  await expect(title).toHaveClass(/outline-dashed/);

  const next = `Meridian edited ${Date.now()}`;
  await pencil(page, 'hero title').click();
  const input = page.getByRole('textbox', { name: 'hero title', exact: true });
  await expect(input).toHaveValue(
    (original.heroTitle || 'Meridian Institute for AI Research').trim(),
  );
  await input.fill(next);
  await input.press('Enter');
  await expect(title).toHaveText(next);
  await expect(input).toBeHidden();
  expect(patches).toHaveLength(1);

  // The publish pill follows the rebuild (its full cycle is checked with a scripted server below:
  // here other suites' saves keep queueing builds on the shared server).
  await expect(page.locator('[data-edit-publish]')).toHaveText(/Saved|Publishing…/);
  published.expectLive('/', next);
  await published.verify(page);
  await page.goto('/');
  await expect(page.locator('h1')).toHaveText(next);
  // Visitors' markup carries no editor decoration.
  await expect(page.locator('[data-edit-host]')).toHaveCount(0);
});

test('Escape and Cancel revert without a request; an empty text cannot be saved', async ({
  page,
}) => {
  await signIn(page);
  const patches = countPatches(page);
  await openEditMode(page);
  const vision = text(page, 'aboutVision');
  const before = (await vision.textContent())!.trim();

  await pencil(page, 'about vision').click();
  const box = page.getByRole('textbox', { name: 'about vision', exact: true });
  await box.fill('Something I will throw away');
  await box.press('Escape');
  await expect(box).toBeHidden();
  await expect(vision).toHaveText(before);

  await pencil(page, 'hero authority 3').click();
  const input = page.getByRole('textbox', { name: 'hero authority 3', exact: true });
  await input.fill('   ');
  const editor = page.getByRole('group', { name: 'Editing hero authority 3' });
  await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
  await input.press('Enter');
  await expect(input).toBeVisible();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(input).toBeHidden();
  await expect(text(page, 'heroAuthority3')).toHaveText(
    (original.heroAuthority3 || 'Practitioner training').trim(),
  );

  expect(patches).toHaveLength(0);
});

test('visitors without ?edit=true download no editor code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') scripts.push(await r.text().catch(() => ''));
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => s.includes('Restore unsaved draft?'))).toBe(false);
  // Nor the media picker, which only an editor's Change image fetches.
  expect(scripts.some((s) => s.includes('Search the library'))).toBe(false);
  await expect(page.locator('[data-edit-host]')).toHaveCount(0);
  // Edit mode downloads it.
  await page.goto('/?edit=true');
  await expect(page.getByText('Edit mode enabled')).toBeVisible();
  expect(scripts.some((s) => s.includes('Restore unsaved draft?'))).toBe(true);
});

test('back/forward re-evaluates edit mode: the decoration goes and comes back', async ({
  page,
}) => {
  await signIn(page);
  await openEditMode(page);
  const title = text(page, 'heroTitle');
  // Same-document history entries, as a client-side navigation would make.
  await page.evaluate(() => {
    history.pushState({}, '', '/');
    history.pushState({}, '', '/?edit=true');
  });
  await page.goBack();
  await expect(page.locator('[data-edit-host]')).toHaveCount(0);
  await expect(title).not.toHaveClass(/outline-dashed/);
  await page.goForward();
  await expect(pencil(page, 'hero title')).toBeVisible();
  await expect(title).toHaveClass(/outline-dashed/);
});

test('the in-place editor offers the built-in wording back once a settings text is changed', async ({
  page,
}) => {
  await signIn(page);
  await openEditMode(page);
  await pencil(page, 'hero authority 3').click();
  const input = page.getByRole('textbox', { name: 'hero authority 3', exact: true });
  const reset = page.getByRole('button', { name: 'Reset to default' });
  await input.fill(`Changed ${Date.now()}`);
  await reset.click();
  await expect(input).toHaveValue('Practitioner training');
  await expect(input).toBeFocused();
  await expect(reset).toHaveCount(0);
  // Escape: nothing was saved.
  await input.press('Escape');
  await expect(input).toBeHidden();
});

test('"Done editing" leaves edit mode: the address loses ?edit=true and the decoration goes; Back returns to editing', async ({
  page,
}) => {
  await signIn(page);
  await openEditMode(page);
  const title = text(page, 'heroTitle');
  await page.getByRole('button', { name: 'Done editing' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-edit-host]')).toHaveCount(0);
  await expect(title).not.toHaveClass(/outline-dashed/);
  await expect(page.getByRole('button', { name: 'Done editing' })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\?edit=true$/);
  await expect(pencil(page, 'hero title')).toBeVisible();
});

test('the publish pill goes Saved → Publishing… → Live, polling every 2 s, and shows a failed build; its dot is still for less motion', async ({
  page,
}) => {
  await signIn(page);
  const states = ['live', 'queued', 'building', 'building', 'live', 'failed'];
  const asked: number[] = [];
  await page.route('**/api/admin/publish', (route) => {
    asked.push(Date.now());
    const state = states.shift() ?? 'failed';
    return route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        state,
        lastBuildAt: new Date().toISOString(),
        lastError: state === 'failed' ? 'Astro exited with code 1' : null,
      }),
    });
  });
  // Saves are answered by the test too: nothing is stored, no build runs.
  await page.route('**/api/site-settings', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ ...original, heroAuthority3: 'Scripted' }),
        })
      : route.fallback(),
  );
  await openEditMode(page);
  const pill = page.locator('[data-edit-publish]');
  await expect(pill).toHaveText(/^Live/);
  await pencil(page, 'hero authority 3').click();
  const input = page.getByRole('textbox', { name: 'hero authority 3', exact: true });
  await input.fill('Scripted');
  await input.press('Enter');
  await expect(pill).toHaveText('Saved');
  await expect(pill).toHaveText('Publishing…');
  // Its dot pulses, unless the editor asks for less motion.
  const dot = pill.locator('span[aria-hidden="true"]');
  const animation = () => dot.evaluate((e) => getComputedStyle(e).animationName);
  expect(await animation()).not.toBe('none');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animation()).toBe('none');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(pill).toHaveText(/^Live/, { timeout: 15_000 });
  // queued, building, building, live: three gaps of about 2 s between polls.
  const gaps = asked.slice(2, 5).map((t, i) => t - asked[i + 1]!);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1500);
  // The next save ends in a failed build, and the pill says why.
  await pencil(page, 'hero authority 3').click();
  await input.fill('Scripted again');
  await input.press('Enter');
  await expect(pill).toHaveText('Publish failed: Astro exited with code 1');
});
