import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

const pencil = (page: Page, label: string) =>
  page.getByRole('button', { name: `Edit ${label}`, exact: true }).first();
const shown = (page: Page, key: string) => page.locator(`[data-edit="${key}"]`).first();

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page);
  await page.goto('/?edit=true');
  await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
  return page;
}

/** Opens the editor of a field, types a text and saves it with Enter (single-line fields). */
async function editAndSave(page: Page, label: string, value: string) {
  await pencil(page, label).click();
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.fill(value);
  await input.press('Enter');
}

let settings: Record<string, string> = {};
let area: { id: string; title: string; description: string };
let member: { id: string; position: string };

test.beforeAll(async ({ request }) => {
  settings = await (await request.get('/api/site-settings')).json();
  [area] = await (await request.get('/api/research-areas')).json();
  [member] = await (await request.get('/api/team-members')).json();
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page);
  const fields = ['credibilityBox1Metric', 'credibilityBox2Metric', 'corePrinciple1Title'];
  await page.request.patch('/api/site-settings', {
    data: Object.fromEntries(fields.map((f) => [f, settings[f] ?? ''])),
  });
  await page.request.patch(`/api/research-areas/${area.id}`, {
    data: { title: area.title, description: area.description },
  });
  await page.request.patch(`/api/team-members/${member.id}`, {
    data: { position: member.position },
  });
  await page.close();
});

test('two admins, one field: the second sees the conflict and overwrites', async ({ browser }) => {
  const [a, b] = [await adminPage(browser), await adminPage(browser)];
  const stamp = Date.now();
  await editAndSave(a, 'credibility box 1 metric', `A ${stamp}`);
  await expect(shown(a, 'settings.credibilityBox1Metric')).toHaveText(`A ${stamp}`);

  await editAndSave(b, 'credibility box 1 metric', `B ${stamp}`);
  const editor = b.getByRole('group', { name: 'Editing credibility box 1 metric' });
  await expect(editor.getByText('Someone else changed this text')).toBeVisible();
  await expect(editor.locator('[data-edit-theirs]')).toHaveText(`A ${stamp}`);
  await editor.getByRole('button', { name: 'Overwrite' }).click();
  await expect(editor).toBeHidden();
  await expect(shown(b, 'settings.credibilityBox1Metric')).toHaveText(`B ${stamp}`);
  expect((await (await b.request.get('/api/site-settings')).json()).credibilityBox1Metric).toBe(
    `B ${stamp}`,
  );
  await Promise.all([a.context().close(), b.context().close()]);
});

test('two admins, one field: keeping theirs shows their text and sends nothing more', async ({
  browser,
}) => {
  const [a, b] = [await adminPage(browser), await adminPage(browser)];
  const stamp = Date.now();
  await editAndSave(a, 'credibility box 2 metric', `Theirs ${stamp}`);
  await expect(shown(a, 'settings.credibilityBox2Metric')).toHaveText(`Theirs ${stamp}`);

  const patches: string[] = [];
  b.on('request', (r) => {
    if (r.method() === 'PATCH') patches.push(r.url());
  });
  await editAndSave(b, 'credibility box 2 metric', `Mine ${stamp}`);
  const editor = b.getByRole('group', { name: 'Editing credibility box 2 metric' });
  await editor.getByRole('button', { name: 'Keep theirs' }).click();
  await expect(editor).toBeHidden();
  await expect(shown(b, 'settings.credibilityBox2Metric')).toHaveText(`Theirs ${stamp}`);
  expect(patches).toHaveLength(1);
  expect((await (await b.request.get('/api/site-settings')).json()).credibilityBox2Metric).toBe(
    `Theirs ${stamp}`,
  );
  await Promise.all([a.context().close(), b.context().close()]);
});

test('an unsaved edit survives a reload and can be restored and saved', async ({ page }) => {
  await signIn(page);
  await page.goto('/?edit=true');
  await pencil(page, 'core principle 1 title').click();
  const draft = `Draft principle ${Date.now()}`;
  await page.getByRole('textbox', { name: 'core principle 1 title', exact: true }).fill(draft);
  await page.reload();
  const offer = page.getByRole('group', { name: 'Unsaved draft of core principle 1 title' });
  await expect(offer.getByText('Restore unsaved draft?')).toBeVisible();
  await offer.getByRole('button', { name: 'Restore draft' }).click();
  const input = page.getByRole('textbox', { name: 'core principle 1 title', exact: true });
  await expect(input).toHaveValue(draft);
  await input.press('Enter');
  await expect(input).toBeHidden();
  await expect(shown(page, 'settings.corePrinciple1Title')).toHaveText(draft);
  // Saved drafts are forgotten: the next visit offers nothing.
  await page.reload();
  await expect(pencil(page, 'core principle 1 title')).toBeVisible();
  await expect(page.getByText('Restore unsaved draft?')).toHaveCount(0);
});

test('research-area and team-member texts save to their own records', async ({ page }) => {
  await signIn(page);
  await page.goto('/?edit=true');
  const stamp = Date.now();
  await editAndSave(page, `research area title: ${area.title}`, `Area ${stamp}`);
  await expect(shown(page, `research-areas.${area.id}.title`)).toHaveText(`Area ${stamp}`);

  // Labels name the record as it was when edit mode started.
  await pencil(page, `research area description: ${area.title}`).click();
  const description = page.getByRole('textbox', {
    name: `research area description: ${area.title}`,
    exact: true,
  });
  await description.fill(`Line one ${stamp}\nLine two`);
  await description.press('Control+Enter');
  await expect(shown(page, `research-areas.${area.id}.description`)).toHaveText(
    `Line one ${stamp}\nLine two`,
  );

  // Team texts sit in a hover panel: hover the card first, as a mouse user would.
  await shown(page, `team-members.${member.id}.name`).hover();
  await editAndSave(
    page,
    `team member position: ${(await shown(page, `team-members.${member.id}.name`).textContent())!.trim()}`,
    `Position ${stamp}`,
  );
  await expect(shown(page, `team-members.${member.id}.position`)).toHaveText(`Position ${stamp}`);

  const savedArea = await (await page.request.get(`/api/research-areas/${area.id}`)).json();
  expect(savedArea).toMatchObject({
    title: `Area ${stamp}`,
    description: `Line one ${stamp}\nLine two`,
  });
  const savedMember = await (
    await page.request.get(`/api/team-members/${member.id}`, {
      headers: { 'Cache-Control': 'no-cache' },
    })
  ).json();
  expect(savedMember.position).toBe(`Position ${stamp}`);
});
