import { axe } from './axe';
import { expect, signIn, test } from './fixtures';

// Only the editor's own additions are audited here: the page itself has its own checks.
const EDITOR_PARTS = ['[data-edit-host]', '[data-edit-box]', '[data-edit-publish]'];

async function audit(page: import('@playwright/test').Page) {
  let builder = axe(page);
  for (const part of EDITOR_PARTS) builder = builder.include(part);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('edit controls, the open editor and the publish pill pass axe', async ({ page }) => {
  await signIn(page);
  await page.goto('/?edit=true');
  await expect(page.getByRole('button', { name: 'Edit hero title', exact: true })).toBeVisible();
  await expect(page.locator('[data-edit-publish]')).toBeVisible();
  expect(await audit(page)).toEqual([]);

  // A text inside a link: its pencil sits next to the link, never inside it.
  const buttonText = page.locator('[data-edit="settings.heroButton1Text"]');
  await expect(buttonText).toBeVisible();
  expect(await page.locator('a [data-edit-host], button [data-edit-host]').count()).toBe(0);

  await page.getByRole('button', { name: 'Edit hero subtitle', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'hero subtitle', exact: true })).toBeFocused();
  expect(await audit(page)).toEqual([]);
  await page.keyboard.press('Escape');
  // Keyboard users land back on the pencil they came from.
  await expect(page.getByRole('button', { name: 'Edit hero subtitle', exact: true })).toBeFocused();
});

test('a text inside a link is edited without following the link', async ({ page }) => {
  await signIn(page);
  await page.goto('/?edit=true');
  const text = page.locator('[data-edit="settings.heroButton2Text"]');
  await expect(
    page.getByRole('button', { name: 'Edit hero button 2 text', exact: true }),
  ).toBeVisible();
  await text.click();
  const input = page.getByRole('textbox', { name: 'hero button 2 text', exact: true });
  await expect(input).toBeVisible();
  await expect(page).toHaveURL(/\?edit=true$/);
  await input.press('Escape');
  await page.getByRole('button', { name: 'Edit hero button 2 text', exact: true }).click();
  await expect(input).toBeVisible();
  await expect(page).toHaveURL(/\?edit=true$/);
  await input.press('Escape');
  await expect(text).toBeVisible();
});
