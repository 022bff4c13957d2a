import type { APIRequestContext, Page } from '@playwright/test';
import { createTestUser } from '../helpers/platform';
import { expect, test, unique } from './admin-fixtures';
import { axe } from './axe';

// The home page's lists in place: the stats, the research areas and the team, each added to,
// reordered and removed from where it is shown, with the History-restore undo; a contributor's
// change waits for review instead.

interface Item {
  id: string;
  order?: number;
  label?: string;
  name?: string;
  title?: string;
}

/** The collection as stored now, in its order (never a cached answer). */
async function stored(request: APIRequestContext, collection: string): Promise<Item[]> {
  const res = await request.get(`/api/${collection}`, { headers: { 'Cache-Control': 'no-cache' } });
  return ((await res.json()) as Item[]).sort((a, b) => (a.order ?? 999) - (b.order ?? 999));
}

/** Opens a list's editor on the home page in edit mode; answers it and its rows. */
async function openList(page: Page, collection: string, plural: string) {
  await page.goto('/?edit=true');
  const editor = page.getByTestId(`edit-list-${collection}`);
  await editor.getByRole('button', { name: `Edit ${plural}` }).click();
  const rows = editor.getByTestId('edit-list-item');
  await expect(rows.first()).toBeVisible();
  return { editor, rows };
}

test('an editor adds, moves and removes a stat on the page, then undoes the removal', async ({
  page,
}) => {
  const label = unique('E2E partner labs');
  let id = '';
  try {
    const { editor, rows } = await openList(page, 'stats', 'stats');
    const before = await rows.count();

    await editor.getByLabel('Value').fill('12+');
    await editor.getByLabel('Label').fill(label);
    await editor.getByRole('button', { name: 'Add stat' }).click();
    await expect(rows).toHaveCount(before + 1);
    await expect(rows.last()).toContainText(`12+ ${label}`);
    id = (await stored(page.request, 'stats')).find((s) => s.label === label)!.id;

    await editor.getByRole('button', { name: `Move up: ${label}` }).click();
    await expect(rows.nth(before - 1)).toContainText(label);
    expect((await stored(page.request, 'stats')).map((s) => s.label).indexOf(label)).toBe(
      before - 1,
    );

    await editor.getByRole('button', { name: `Remove: ${label}` }).click();
    await expect(rows.filter({ hasText: label })).toHaveCount(0);
    expect((await stored(page.request, 'stats')).some((s) => s.label === label)).toBe(false);

    await expect(editor.getByRole('status')).toContainText('Stat removed.');
    await editor.getByRole('button', { name: 'Undo' }).click();
    await expect(rows.filter({ hasText: label })).toHaveCount(1);
    expect(
      (await stored(page.request, 'stats')).some((s) => s.id === id && s.label === label),
    ).toBe(true);
  } finally {
    if (id) await page.request.delete(`/api/stats/${id}`);
  }
});

test('an editor adds, moves and removes a team member on the page, undoes the move, and axe passes', async ({
  page,
}) => {
  const name = unique('E2E Grace Hopper');
  let id = '';
  try {
    const { editor, rows } = await openList(page, 'team-members', 'team members');
    const before = await rows.count();
    const names = async () => (await stored(page.request, 'team-members')).map((m) => m.name);

    await editor.getByLabel('Name').fill(name);
    await editor.getByLabel('Position').fill('Visiting Fellow');
    await editor.getByRole('button', { name: 'Add team member' }).click();
    await expect(rows).toHaveCount(before + 1);
    await expect(rows.last()).toContainText(name);
    await expect(editor.getByRole('status')).toContainText('Team member added.');
    id = (await stored(page.request, 'team-members')).find((m) => m.name === name)!.id;
    expect((await names()).at(-1)).toBe(name);

    // Two moves are one History entry: one undo puts the member back at the end.
    await editor.getByRole('button', { name: `Move up: ${name}` }).click();
    await expect(rows.nth(before - 1)).toContainText(name);
    await editor.getByRole('button', { name: `Move up: ${name}` }).click();
    await expect(rows.nth(before - 2)).toContainText(name);
    expect((await names()).indexOf(name)).toBe(before - 2);
    expect(
      (await axe(page).include('[data-testid="edit-list-team-members"]').analyze()).violations,
    ).toEqual([]);
    await expect(editor.getByRole('status')).toContainText('Team member moved.');
    await editor.getByRole('button', { name: 'Undo' }).click();
    await expect(rows.last()).toContainText(name);
    expect((await names()).at(-1)).toBe(name);

    await editor.getByRole('button', { name: `Remove: ${name}` }).click();
    await expect(rows.filter({ hasText: name })).toHaveCount(0);
    expect(await names()).not.toContain(name);
    await editor.getByRole('button', { name: 'Undo' }).click();
    await expect(rows.filter({ hasText: name })).toHaveCount(1);
    expect(await names()).toContain(name);
  } finally {
    if (id) await page.request.delete(`/api/team-members/${id}`);
  }
});

test('a contributor adds a research area in place: it is sent for review, not shown, and they cannot reorder', async ({
  browser,
  page,
}) => {
  const contributor = { username: 'e2e-list-contributor', password: 'contributor-password-123' };
  await createTestUser(contributor.username, contributor.password, false, 'contributor').catch(
    (error: Error) => {
      if (!error.message.includes('already exists')) throw error;
    },
  );
  const context = await browser.newContext();
  const mine = await context.newPage();
  const title = unique('E2E Machine ethics');
  try {
    expect((await mine.request.post('/api/auth/login', { data: contributor })).status()).toBe(200);
    const { editor, rows } = await openList(mine, 'research-areas', 'research areas');
    const before = await rows.count();
    await expect(editor.getByRole('button', { name: /^Move / })).toHaveCount(0);

    await editor.getByLabel('Title').fill(title);
    await editor.getByLabel('Description').fill('How machines ought to decide.');
    await editor.getByRole('button', { name: 'Add research area' }).click();
    await expect(editor.getByRole('status')).toContainText(
      'Sent for review: an editor or admin approves it before it goes live.',
    );
    await expect(editor.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await expect(rows).toHaveCount(before);
    expect((await stored(page.request, 'research-areas')).some((a) => a.title === title)).toBe(
      false,
    );
    const pending = (await (await mine.request.get('/api/admin/proposals?status=pending')).json())
      .items as { id: string; label: string; action: string }[];
    const proposal = pending.find((p) => p.label === title);
    expect(proposal?.action).toBe('create');
    await mine.request.post(`/api/admin/proposals/${proposal!.id}/withdraw`);
  } finally {
    await context.close();
  }
});
