import type { Locator, Page } from '@playwright/test';
import { expect, openAdmin, press, SharedRebuild, test, unique } from './admin-fixtures';

interface Case {
  page: string;
  heading: string;
  singular: string;
  publicPath: string;
  /** Fills the add form; `name` must end up in the row's title and on the public page. */
  fill: (form: Locator, name: string) => Promise<void>;
  /** The label of the field that holds the name, for the edit step. */
  nameField: RegExp;
  /** The row's title (what the Edit/Delete buttons are named after). */
  rowTitle?: (name: string) => string;
}

const field = (form: Locator, label: RegExp) => form.getByLabel(label);

const CASES: Case[] = [
  {
    page: 'research-areas',
    heading: 'Research areas',
    singular: 'research area',
    publicPath: '/',
    nameField: /^Title/,
    fill: async (f, name) => {
      await field(f, /^Title/).fill(name);
      await field(f, /^Description/).fill('Made by the admin browser test.');
    },
  },
  {
    page: 'team-members',
    heading: 'Team members',
    singular: 'team member',
    publicPath: '/team',
    nameField: /^Name/,
    fill: async (f, name) => {
      await field(f, /^Name/).fill(name);
      await field(f, /^Position/).fill('Test Fellow');
      await field(f, /^LinkedIn/).fill('https://www.linkedin.com/in/e2e-test');
    },
  },
  {
    // New publications go last; the home page shows only the first few, the archive lists all.
    page: 'publications',
    heading: 'Publications',
    singular: 'publication',
    publicPath: '/publications',
    nameField: /^Title/,
    fill: async (f, name) => {
      await field(f, /^Title/).fill(name);
      await field(f, /^Description/).fill('A paper made by the admin browser test.');
      await field(f, /^Date/).fill('May 2030');
    },
  },
  {
    page: 'stats',
    heading: 'Stats',
    singular: 'stat',
    publicPath: '/',
    nameField: /^Label/,
    rowTitle: (name) => `42+ ${name}`,
    fill: async (f, name) => {
      await field(f, /^Value/).fill('42+');
      await field(f, /^Label/).fill(name);
    },
  },
  {
    page: 'events',
    heading: 'Events',
    singular: 'event',
    publicPath: '/',
    nameField: /^Title/,
    fill: async (f, name) => {
      await field(f, /^Title/).fill(name);
      await field(f, /^Description/).fill('An event made by the admin browser test.');
      await field(f, /^Type/).selectOption('Webinar');
      await field(f, /^Start date/).fill('2030-05-01');
      await field(f, /^End date/).fill('2030-05-02');
      await f.getByRole('switch', { name: 'Virtual event' }).check();
    },
  },
];

async function listNames(page: Page, api: string): Promise<string[]> {
  const items = (await (await page.request.get(`/api/${api}`)).json()) as Record<string, unknown>[];
  return items.map((i) => String(i.title ?? i.name ?? i.label));
}

// Every item the tests below add or edit goes live in one rebuild (one test checks them all);
// serial, so a failure skips the rest instead of checking a new worker's site. Rebuilds on a
// busy machine can take a while.
test.describe.configure({ mode: 'serial', timeout: 150_000 });
const published = new SharedRebuild();
test.afterAll(({ site, adminSession }) => published.putBackAs(site.url, adminSession));

/** The renamed item of each case, made by its add-and-edit test and deleted by its delete test. */
const renamedItems = new Map<string, string>();

for (const c of CASES) {
  test(`${c.page}: add and edit an item (live on ${c.publicPath} below)`, async ({ page }) => {
    const name = unique(`E2E ${c.singular}`);
    const renamed = `${name} renamed`;
    const title = c.rowTitle ?? ((n: string) => n);
    await openAdmin(page, `/admin/${c.page}`, c.heading);

    await page.getByRole('button', { name: `Add ${c.singular}` }).click();
    const form = page.getByRole('dialog', { name: `Add ${c.singular}` });
    await expect(form).toBeVisible();
    // Client-side validation with the shared schema: nothing is sent without the required fields.
    await form.getByRole('button', { name: `Add ${c.singular}` }).click();
    await expect(form.getByText(/is required/).first()).toBeVisible();
    await c.fill(form, name);
    const created = page.waitForResponse(
      (r) => r.url().endsWith(`/api/${c.page}`) && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: `Add ${c.singular}` }).click();
    const id = (await (await created).json()).id;
    published.undo((api) => api.delete(`/api/${c.page}/${id}`));
    await expect(form).toBeHidden();
    await expect(page.getByTestId('collection-row').filter({ hasText: name })).toBeVisible();

    await press(page.getByRole('button', { name: `Edit ${title(name)}`, exact: true }));
    const edit = page.getByRole('dialog', { name: `Edit ${c.singular}` });
    await edit.getByLabel(c.nameField).fill(renamed);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByTestId('admin-announcer')).toHaveText('Changes saved');
    expect(await listNames(page, c.page)).toContain(renamed);
    // The edited item on the public page proves both the create and the edit went live.
    published.expectLive(c.publicPath, renamed);
    renamedItems.set(c.page, renamed);
  });
}

test('a new publication and a new event, saved untouched, keep the type their form showed (on their pages below)', async ({
  page,
}) => {
  const kinds = [
    {
      page: 'publications',
      singular: 'publication',
      shown: 'Report',
      testId: 'publication-type',
      fill: { Description: 'Saved with the type untouched.' },
    },
    {
      page: 'events',
      singular: 'event',
      shown: 'Event',
      testId: 'event-type',
      fill: { 'Start date': '2031-02-03', 'End date': '2031-02-03' },
    },
  ];
  for (const k of kinds) {
    const title = unique(`E2E untouched ${k.singular}`);
    await openAdmin(page, `/admin/${k.page}`, new RegExp(`^${k.page}$`, 'i'));
    await page.getByRole('button', { name: `Add ${k.singular}` }).click();
    const form = page.getByRole('dialog', { name: `Add ${k.singular}` });
    const type = form.getByLabel(/^Type/);
    // What the select shows on first render is its value, not a fallback to the first option.
    await expect(type).toHaveValue(k.shown);
    expect(await type.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe(k.shown);
    await form.getByLabel(/^Title/).fill(title);
    for (const [label, value] of Object.entries(k.fill))
      await form.getByLabel(new RegExp(`^${label}`)).fill(value);
    const created = page.waitForResponse(
      (r) => r.url().endsWith(`/api/${k.page}`) && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: `Add ${k.singular}` }).click();
    const record = await (await created).json();
    published.undo((api) => api.delete(`/api/${k.page}/${record.id}`));
    await expect(form).toBeHidden();
    const path = `/${k.page}/${record.slug}`;
    published.expectLive(path, title);
    published.thenCheck(async (p) => {
      await p.goto(path);
      await expect(p.getByTestId(k.testId)).toHaveText(k.shown);
    });
  }
});

test('every item added or edited above is live after the rebuild, on its page', async ({
  page,
}) => {
  await published.verify(page);
});

for (const c of CASES) {
  test(`${c.page}: delete the item made above`, async ({ page }) => {
    const renamed = renamedItems.get(c.page)!;
    const title = c.rowTitle ?? ((n: string) => n);
    await openAdmin(page, `/admin/${c.page}`, c.heading);
    await press(page.getByRole('button', { name: `Delete ${title(renamed)}`, exact: true }));
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(renamed);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('collection-row').filter({ hasText: renamed })).toHaveCount(0);
    expect(await listNames(page, c.page)).not.toContain(renamed);
  });
}

test('reorder by the move buttons and by keyboard drag and drop', async ({ page }) => {
  const a = unique('E2E order A');
  const b = unique('E2E order B');
  const ids: string[] = [];
  // A new publication goes first: created B then A, they lead the list as A, B.
  for (const title of [b, a]) {
    const res = await page.request.post('/api/publications', {
      data: { title, description: 'Reorder test.' },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).id);
  }
  const order = (r: { url(): string; request(): { method(): string } }) =>
    r.url().endsWith('/api/publications/order') && r.request().method() === 'PUT';
  try {
    await openAdmin(page, '/admin/publications', 'Publications');
    const position = async () => {
      const names = await listNames(page, 'publications');
      return names.indexOf(b) - names.indexOf(a);
    };
    expect(await position()).toBe(1);

    const saved = page.waitForResponse(order);
    await press(page.getByRole('button', { name: `Move ${b} up` }));
    expect((await saved).status()).toBe(200);
    expect(await position()).toBe(-1);
    await expect(page.getByTestId('admin-announcer')).toContainText(`Moved ${b}`);

    // Keyboard only: pick up A's handle with Space, move it up, drop it with Space.
    const dropped = page.waitForResponse(order);
    const handle = page.getByRole('button', { name: `Drag to reorder ${a}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    // dnd-kit listens for the arrow keys only from a timer it starts on pickup, which can run after
    // the handle shows pressed; an arrow sent before then would be lost. A timer started now runs
    // after dnd-kit's.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    const count = (await listNames(page, 'publications')).length;
    await page.keyboard.press('ArrowUp');
    // The drag announces each position in the items' names: A, second after B, moves to the top.
    await expect(page.getByText(`${a} moved to position 1 of ${count}`)).toBeAttached();
    await page.keyboard.press('Space');
    expect((await dropped).status()).toBe(200);
    expect(await position()).toBe(1);

    // Search on the server, and "Move to top" for an item pages away from the top.
    await page.getByLabel('Search publications').fill(b);
    await expect(page.getByTestId('collection-row')).toHaveCount(1);
    await expect(page.getByText(/^1 publication matching/)).toBeVisible();
    await page.getByLabel('Search publications').fill('');
    await expect(page.getByTestId('collection-row').first()).toContainText(a);
    const top = page.waitForResponse(order);
    await press(page.getByRole('button', { name: `Move ${b} to top` }));
    const moved = await top;
    expect(moved.status()).toBe(200);
    // The answer is the moved item alone, at its new place.
    expect(await moved.json()).toMatchObject({ id: ids[0], order: 0 });
    await expect(page.getByTestId('collection-row').first()).toContainText(b);
    expect(await position()).toBe(-1);

    // Each move is one entry in the history, naming the item; moves of one item in a row join.
    await openAdmin(page, '/admin/history', 'History');
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    const entries = await page.getByTestId('history-row').locator('summary').allTextContents();
    expect(entries.slice(0, 2).map((t) => t.trim().replace(/ by .*/, ''))).toEqual([
      `Publication “${b}” reordered`,
      `Publication “${a}” reordered`,
    ]);
  } finally {
    for (const id of ids) await page.request.delete(`/api/publications/${id}`);
  }
});

// A 1×1 PNG: enough for the server's magic-byte check.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the item form: image upload with preview, Escape asks about unsaved changes, focus returns', async ({
  page,
}) => {
  await openAdmin(page, '/admin/research-areas', 'Research areas');
  const add = page.getByRole('button', { name: 'Add research area' });
  await press(add);
  const form = page.getByRole('dialog', { name: 'Add research area' });
  await expect(form.getByLabel(/^Title/)).toBeFocused();
  await form
    .getByTestId('research-areas-form-image-file')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByLabel(/^Image$/)).toHaveValue(/^\/api\/uploads\//);
  await expect(form.getByRole('img', { name: 'Preview' })).toHaveAttribute(
    'src',
    /^\/api\/uploads\//,
  );

  // Escape with unsaved changes asks first, in the admin's own dialog (never the browser's
  // confirm box); staying, its safe default, keeps the form open.
  page.on('dialog', (d) => {
    throw new Error(`The browser's own ${d.type()} box opened: ${d.message()}`);
  });
  const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
  await page.keyboard.press('Escape');
  await expect(question).toContainText('You have unsaved changes. Leave without saving?');
  await expect(question.getByRole('button', { name: 'Stay' })).toBeFocused();
  await question.getByRole('button', { name: 'Stay' }).click();
  await expect(question).toBeHidden();
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await question.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(form).toBeHidden();
  await expect(add).toBeFocused();
});
