import type { Page } from '@playwright/test';
import { createTestUser } from '../helpers/platform';
import { expect, signIn, test, waitForLive } from './fixtures';

// Review before publish, in place: a contributor's edit on the live page waits for a reviewer,
// who approves it on the same page.
const CONTRIBUTOR = { username: 'e2e-contributor', password: 'contributor-password-123' };

interface Member {
  id: string;
  name: string;
  bio: string;
  position: string;
}
let member: Member;

test.beforeAll(async ({ request }) => {
  await createTestUser(CONTRIBUTOR.username, CONTRIBUTOR.password, false, 'contributor').catch(
    (error: Error) => {
      if (!error.message.includes('already exists')) throw error;
    },
  );
  member = ((await (await request.get('/api/team-members')).json()) as Member[]).find((m) =>
    m.bio?.trim(),
  )!;
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signIn(page);
  await page.request.patch(`/api/team-members/${member.id}`, {
    data: { bio: member.bio, position: member.position },
  });
  await page.close();
});

/** The member's card on /team in edit mode, its bio opened. */
async function openBio(page: Page) {
  await page.goto('/team?edit=true');
  const bio = page.locator(`[data-edit="team-members.${member.id}.bio"]`);
  const card = page.locator('[data-member]').filter({ has: bio });
  await card.getByText('Bio', { exact: true }).click();
  await expect(card.getByRole('button', { name: /^Edit team member bio/ })).toBeVisible();
  return { bio, card };
}

test('a contributor edits a bio in place and sees it awaiting review; a reviewer approves it there and it goes live', async ({
  browser,
  page,
}) => {
  const first = `First proposal ${Date.now()}.`;
  const text = `Proposed in place ${Date.now()}.`;
  const contributor = await (await browser.newContext()).newPage();
  const res = await contributor.request.post('/api/auth/login', { data: CONTRIBUTOR });
  expect(res.status()).toBe(200);
  const mine = await openBio(contributor);
  await mine.card.getByRole('button', { name: /^Edit team member bio/ }).click();
  const editor = contributor.getByRole('group', { name: /^Editing team member bio/ });
  await editor.getByRole('textbox').fill(first);
  await editor.getByRole('button', { name: 'Save' }).click();
  // The badge sits beside the text, inside its element.
  await expect(mine.bio).toHaveText(`${first}Awaiting review`);
  await expect(mine.card.getByText('Awaiting review')).toBeVisible();
  // Editing it again starts from the proposed text and revises that proposal, not a second one.
  await mine.card.getByRole('button', { name: /^Edit team member bio/ }).click();
  await expect(editor.getByRole('textbox')).toHaveValue(first);
  await editor.getByRole('textbox').fill(text);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(mine.bio).toHaveText(`${text}Awaiting review`);
  const own = (await (await contributor.request.get('/api/admin/proposals?status=pending')).json())
    .items as { recordId: string; changes: { bio?: string } }[];
  expect(own.filter((p) => p.recordId === member.id).map((p) => p.changes.bio)).toEqual([text]);
  // Nothing public changed.
  const stored = await (await page.request.get(`/api/team-members/${member.id}`)).json();
  expect(stored.bio).toBe(member.bio);
  await contributor.close();

  await signIn(page);
  const review = await openBio(page);
  await expect(review.bio).toHaveText(`${member.bio}Proposed change`);
  await review.card.getByRole('button', { name: 'Proposed change' }).click();
  const dialog = page.getByRole('dialog', { name: /^Proposed change to team member bio/ });
  await expect(dialog).toContainText(`${CONTRIBUTOR.username} proposes:`);
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(review.bio).toHaveText(text);
  await expect(review.card.getByRole('button', { name: 'Proposed change' })).toHaveCount(0);
  // The reviewer's next edit starts from the approved text.
  await review.card.getByRole('button', { name: /^Edit team member bio/ }).click();
  const next = page.getByRole('group', { name: /^Editing team member bio/ });
  await expect(next.getByRole('textbox')).toHaveValue(text);
  await next.getByRole('button', { name: 'Cancel' }).click();
  await waitForLive(page, '/team', text);
});

test('in the admin, a contributor’s edit waits; a reviewer sends it back with a comment, the contributor revises it, and it is approved', async ({
  browser,
  page,
}) => {
  const stamp = Date.now();
  const contributor = await (await browser.newContext()).newPage();
  expect((await contributor.request.post('/api/auth/login', { data: CONTRIBUTOR })).status()).toBe(
    200,
  );
  // The contributor edits in the admin's collection page, as an editor would.
  await contributor.goto('/admin/team-members');
  // The row names the member with their honorific (Dr. …).
  await contributor
    .getByRole('button', { name: new RegExp(`^Edit (\\S+ )?${member.name}$`) })
    .click();
  const form = contributor.getByRole('dialog', { name: 'Edit team member' });
  await form.getByLabel(/^Position/).fill(`Fellow ${stamp}`);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form).toBeHidden();
  await expect(contributor.getByTestId('admin-announcer')).toHaveText(
    'Sent for review: an editor or admin approves it before it goes live',
  );
  expect(
    (await (await contributor.request.get(`/api/team-members/${member.id}`)).json()).position,
  ).toBe(member.position);

  await signIn(page);
  await page.goto('/admin/proposals');
  const row = page.getByTestId('proposal-row').filter({ hasText: `Fellow ${stamp}` });
  await page
    .getByTestId('proposal-row')
    .filter({ hasText: member.name })
    .first()
    .getByRole('button', { name: 'Open' })
    .click();
  await expect(row).toBeVisible();
  await row.getByLabel('Comment (required to send it back)').fill('Say which programme.');
  await row.getByRole('button', { name: 'Send back' }).click();
  // Sent back, it leaves the reviewer's list of what awaits review.
  await expect(row).toHaveCount(0);

  // A contributor's admin home is their proposals.
  await contributor.goto('/admin');
  await expect(contributor.getByRole('heading', { name: 'Proposals', level: 1 })).toBeVisible();
  const mine = contributor.getByTestId('proposal-row').filter({ hasText: member.name }).first();
  await expect(mine.getByText('admin: Say which programme.')).toBeVisible();
  await mine.getByRole('button', { name: 'Open' }).click();
  await mine.getByLabel('position').fill(`Fellow, Safety Programme ${stamp}`);
  await mine.getByRole('button', { name: 'Resubmit' }).click();
  await expect(mine.getByText('Awaiting review', { exact: true })).toBeVisible();
  await contributor.close();

  await page.reload();
  const again = page.getByTestId('proposal-row').filter({ hasText: member.name }).first();
  await again.getByRole('button', { name: 'Open' }).click();
  await expect(again).toContainText(`Fellow, Safety Programme ${stamp}`);
  await again.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('proposal-row').filter({ hasText: member.name })).toHaveCount(0);
  const stored = await (await page.request.get(`/api/team-members/${member.id}`)).json();
  expect(stored.position).toBe(`Fellow, Safety Programme ${stamp}`);
});

test('a reviewer makes a preview link; someone without an account sees the change and comments; the author sees it', async ({
  browser,
  page,
}) => {
  const text = `Seen from outside ${Date.now()}.`;
  const contributor = await (await browser.newContext()).newPage();
  expect((await contributor.request.post('/api/auth/login', { data: CONTRIBUTOR })).status()).toBe(
    200,
  );
  const proposed = await contributor.request.patch(`/api/team-members/${member.id}`, {
    data: { bio: text },
  });
  expect(proposed.status()).toBe(202);
  const pid = ((await proposed.json()) as { proposal: { id: string } }).proposal.id;

  await signIn(page);
  await page.goto(`/admin/proposals?id=${pid}`);
  await page.getByRole('button', { name: 'Make a preview link' }).click();
  const link = page.getByTestId('proposal-preview-link');
  await expect(link).toHaveValue(/\/preview\/[A-Za-z0-9_-]{43}$/);
  const url = await link.inputValue();

  // Someone with no account: the page shows the change, and takes a comment.
  const outsider = await (await browser.newContext()).newPage();
  await outsider.goto(url);
  await expect(outsider.getByTestId('preview-band')).toContainText('Not on the site');
  await expect(outsider.locator('[data-changed="true"]')).toContainText(text);
  await outsider.getByLabel('What should change, or is it right?').fill('Add her prize.');
  await outsider.getByLabel('Your name (optional)').fill('Ada');
  await outsider.getByRole('button', { name: 'Send comment' }).click();
  await expect(outsider.getByTestId('comment-sent')).toBeVisible();
  await outsider.close();

  // The reviewer and the author see it on the proposal.
  await page.reload();
  await expect(page.getByText('Ada (outside reviewer): Add her prize.')).toBeVisible();
  await contributor.goto(`/admin/proposals?id=${pid}`);
  await expect(contributor.getByText('Ada (outside reviewer): Add her prize.')).toBeVisible();
  await contributor.close();
  expect((await page.request.delete(`/api/admin/proposals/${pid}`)).status()).toBe(200);
});
