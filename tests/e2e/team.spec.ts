import { expect, signIn, test } from './fixtures';
import { rowSizes } from './layout-helpers';

interface Member {
  id: string;
  name: string;
  position: string;
  order?: number;
  createdAt: string;
  linkedin?: string;
  twitter?: string;
  email?: string;
}
const byOrder = (a: Member, b: Member) =>
  (a.order ?? 999) - (b.order ?? 999) || a.createdAt.localeCompare(b.createdAt);

// page.route must see every API call: keep the service worker out of these tests.
test.use({ serviceWorkers: 'block' });

test('the team page has its title, the founder and the advisory team sections', async ({
  page,
}) => {
  await page.goto('/team');
  await expect(page).toHaveTitle('Team - Meridian Institute for AI Research');
  const founder = page.locator('section#founder');
  await expect(founder.getByRole('heading', { level: 2 })).toHaveText('Founder');
  await expect(founder).toContainText(
    'Leading the vision to transform AI research into solutions that benefit humanity.',
  );
  const settings = await (await page.request.get('/api/site-settings')).json();
  await expect(founder.getByRole('heading', { level: 3 })).toHaveText(settings.founderName);
  await expect(founder.locator('[data-founder-badge]')).toHaveText('Founder');
  const linkedin = founder.locator('[data-founder-linkedin]');
  await expect(linkedin).toHaveAttribute('href', settings.founderLinkedin);
  await expect(linkedin).toHaveAttribute('target', '_blank');
  await expect(page.locator('section#advisory-team').getByRole('heading', { level: 2 })).toHaveText(
    'Meet our Advisory Team',
  );
});

test('the founder Bio toggle expands the Professional Biography and Less collapses it', async ({
  page,
}) => {
  await page.goto('/team');
  const card = page.locator('[data-founder-card]');
  const panel = card.getByText('Professional Biography');
  await expect(panel).toBeHidden();
  await card.getByText('Bio', { exact: true }).click();
  await expect(panel).toBeVisible();
  await expect(card.getByText('Less', { exact: true })).toBeVisible();
  await card.getByText('Less', { exact: true }).click();
  await expect(panel).toBeHidden();
});

test('advisory members are sorted by order with a missing order last, each with only the links that are set', async ({
  page,
}) => {
  const members = ((await (await page.request.get('/api/team-members')).json()) as Member[])
    .slice()
    .sort(byOrder);
  expect(members.length).toBeGreaterThan(1);
  await page.goto('/team');
  const cards = page.locator('#advisory-team [data-member]');
  await expect(cards.locator('[data-member-name]')).toHaveText(members.map((m) => m.name));
  const unordered = members.filter((m) => m.order === undefined || m.order === null);
  if (unordered.length) expect(members.at(-1)!.order ?? null).toBeNull();

  await expect(cards.getByText('Advisory Team', { exact: true })).toHaveCount(members.length);
  for (const [i, m] of members.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole('link', { name: /on LinkedIn/ })).toHaveCount(m.linkedin ? 1 : 0);
    await expect(card.getByRole('link', { name: /on X \(Twitter\)/ })).toHaveCount(
      m.twitter ? 1 : 0,
    );
    await expect(card.getByRole('link', { name: /^Email / })).toHaveCount(m.email ? 1 : 0);
    if (m.email)
      await expect(card.getByRole('link', { name: /^Email / })).toHaveAttribute(
        'href',
        `mailto:${m.email}`,
      );
  }
  // Three to a row on a wide screen, and never one card alone on a row.
  const rows = await rowSizes(cards);
  expect(Math.max(...rows)).toBe(3);
  expect(rows).not.toContain(1);
});

test('advisory bios open one at a time', async ({ page }) => {
  await page.goto('/team');
  const bios = page.locator('#advisory-team details[data-bio]');
  await bios.nth(0).locator('summary').click();
  await expect(bios.nth(0)).toHaveAttribute('open', '');
  await bios.nth(1).locator('summary').click();
  await expect(bios.nth(1)).toHaveAttribute('open', '');
  await expect(bios.nth(0)).not.toHaveAttribute('open', '');
  await expect(bios.nth(1).locator('summary')).toContainText('Less');
});

test('a stale page revalidates the list; a member without a bio shows the default text', async ({
  page,
}) => {
  // Ten minutes after the build the list is past its 5-minute freshness and is fetched again.
  await page.clock.setFixedTime(Date.now() + 10 * 60_000);
  const now = new Date().toISOString();
  await page.route('**/api/team-members', (route) =>
    route.fulfill({
      json: [
        { id: 'late', name: 'Zed Unordered', position: 'Adviser', createdAt: now, updatedAt: now },
        {
          id: 'first',
          name: 'Ada First',
          position: 'Chair',
          bio: '',
          order: 0,
          createdAt: now,
          updatedAt: now,
        },
      ],
    }),
  );
  await page.goto('/team');
  const names = page.locator('#advisory-team [data-member-name]');
  await expect(names).toHaveText(['Ada First', 'Zed Unordered']);
  const card = page.locator('#member-first');
  await card.locator('summary').click();
  await expect(card.getByText('Professional biography coming soon...')).toBeVisible();
  await expect(card.getByRole('link')).toHaveCount(0);
});

test('a stale page whose list has not changed keeps its cards and downloads no rendering code', async ({
  page,
}) => {
  await page.clock.setFixedTime(Date.now() + 10 * 60_000);
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  const reread = page.waitForResponse('**/api/team-members');
  await page.goto('/team');
  const members = (await (await reread).json()) as Member[];
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#advisory-team [data-member-name]')).toHaveText(
    members.sort(byOrder).map((m) => m.name),
  );
  expect(scripts.filter((s) => /team-render|react/.test(s))).toEqual([]);
});

test('an empty advisory list says so', async ({ page }) => {
  await page.clock.setFixedTime(Date.now() + 10 * 60_000);
  await page.route('**/api/team-members', (route) => route.fulfill({ json: [] }));
  await page.goto('/team');
  await expect(page.getByText('No team members to display at this time.')).toBeVisible();
});

test('the side navigation scrolls with an 80 px offset and highlights the section scrolled past', async ({
  page,
}) => {
  await page.goto('/team');
  // How far the section's top is from the 80 px line under the header.
  const offsetFromTop = (id: string) =>
    page.evaluate(
      (i) => Math.abs(document.getElementById(i)!.getBoundingClientRect().top - 80),
      id,
    );
  const nav = page.getByRole('navigation', { name: 'Team sections' });
  const founderLink = nav.getByRole('link', { name: 'Founder' });
  const advisoryLink = nav.getByRole('link', { name: 'Advisory Team' });
  await expect(founderLink).toHaveAttribute('aria-current', 'true');
  await advisoryLink.click();
  await expect.poll(() => offsetFromTop('advisory-team')).toBeLessThanOrEqual(1);
  await expect(advisoryLink).toHaveAttribute('aria-current', 'true');
  await expect(founderLink).toHaveAttribute('aria-current', 'false');
  await founderLink.click();
  await expect.poll(() => offsetFromTop('founder')).toBeLessThanOrEqual(1);
  await expect(founderLink).toHaveAttribute('aria-current', 'true');
});

test('a tap on the side navigation before the first-load scroll is not undone by it', async ({
  page,
}) => {
  // The first-load scroll (to the top on a fresh visit) waits a moment after the scripts start; a
  // tap within that moment once had the page sent back to the top. Timers wait for the test here.
  const now = Date.now();
  await page.clock.install({ time: now });
  await page.clock.pauseAt(now + 1_000);
  await page.goto('/team');
  const nav = page.getByRole('navigation', { name: 'Team sections' });
  await expect(nav.getByRole('link', { name: 'Founder' })).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('html')).not.toHaveAttribute('data-first-scroll', 'done');
  await nav.getByRole('link', { name: 'Advisory Team' }).click();
  await expect
    .poll(() =>
      page.evaluate(() => document.getElementById('advisory-team')!.getBoundingClientRect().top),
    )
    .toBeLessThan(200);
  await page.clock.runFor(1_000);
  await expect(page.locator('html')).toHaveAttribute('data-first-scroll', 'done');
  await expect
    .poll(() =>
      page.evaluate(() =>
        Math.abs(document.getElementById('advisory-team')!.getBoundingClientRect().top - 80),
      ),
    )
    .toBeLessThanOrEqual(1);
});

test('the newsletter block leads to the home page newsletter section', async ({ page }) => {
  await page.goto('/team');
  await page.getByRole('link', { name: 'Subscribe to the newsletter' }).click();
  await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'domcontentloaded' });
  await expect
    .poll(() => page.evaluate(() => sessionStorage.getItem('scrollToNewsletter')), {
      timeout: 5000,
    })
    .toBeNull();
  // The scroll is smooth and retried up to 2 s after load: wait for it to settle at 100 px.
  const offset = () =>
    page.evaluate(() =>
      Math.round(document.getElementById('newsletter')!.getBoundingClientRect().top),
    );
  await expect
    .poll(async () => Math.abs((await offset()) - 100), { timeout: 5000 })
    .toBeLessThanOrEqual(2);
});

test.describe('Edit Page button', () => {
  test('is hidden from visitors, who make no session call at all', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/auth/me') && calls.push(r.url()));
    await page.goto('/team');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name: 'Edit Page' })).toHaveCount(0);
    // Without the signed-in hint cookie there is nobody to ask about: no request, no 401 in the console.
    expect(calls).toEqual([]);
  });

  test('shows for an editor too: editors manage content', async ({ page }) => {
    await signIn(page, 'viewer');
    await page.goto('/team');
    await expect(page.getByRole('link', { name: 'Edit Page' })).toBeVisible();
  });

  test('shows for an admin, fixed at the top right, and turns on in-place editing', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/team');
    const button = page.getByRole('link', { name: 'Edit Page' });
    await expect(button).toBeVisible();
    // The bar holding it is fixed (it also holds the publish note).
    await expect(page.locator('[data-admin-page-bar]')).toHaveCSS('position', 'fixed');
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1280 - 40);
    expect(box.y).toBeLessThan(120);
    await button.click();
    await expect(page).toHaveURL(/\/team\?edit=true$/);
    await expect(page.getByText('Edit mode enabled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit team title', exact: true })).toBeVisible();
  });
});
