import { expect, test, unique } from './admin-fixtures';

test('an editor adds, moves and removes a stat on the page, then undoes the removal', async ({
  page,
}) => {
  const label = unique('E2E partner labs');
  let id = '';
  try {
    await page.goto('/?edit=true');
    const editor = page.getByTestId('edit-stats');
    await editor.getByRole('button', { name: 'Edit stats' }).click();
    const rows = editor.getByTestId('edit-stat');
    await expect(rows.first()).toBeVisible();
    const before = await rows.count();

    await editor.getByLabel('Value').fill('12+');
    await editor.getByLabel('Label').fill(label);
    await editor.getByRole('button', { name: 'Add stat' }).click();
    await expect(rows).toHaveCount(before + 1);
    await expect(rows.last()).toContainText(`12+ ${label}`);
    const stored = async () =>
      (
        (await (
          await page.request.get('/api/stats', { headers: { 'Cache-Control': 'no-cache' } })
        ).json()) as {
          id: string;
          label: string;
          order: number;
        }[]
      ).sort((a, b) => a.order - b.order);
    id = (await stored()).find((s) => s.label === label)!.id;

    await editor.getByRole('button', { name: `Move up: ${label}` }).click();
    await expect(rows.nth(before - 1)).toContainText(label);
    expect((await stored()).map((s) => s.label).indexOf(label)).toBe(before - 1);

    await editor.getByRole('button', { name: `Remove: ${label}` }).click();
    await expect(rows.filter({ hasText: label })).toHaveCount(0);
    expect((await stored()).some((s) => s.label === label)).toBe(false);

    await expect(editor.getByRole('status')).toContainText('Stat removed.');
    await editor.getByRole('button', { name: 'Undo' }).click();
    await expect(rows.filter({ hasText: label })).toHaveCount(1);
    expect((await stored()).some((s) => s.id === id && s.label === label)).toBe(true);
  } finally {
    if (id) await page.request.delete(`/api/stats/${id}`);
  }
});
