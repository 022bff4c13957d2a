import { SETTINGS_DEFAULTS } from '../../src/schemas/site-settings';
import { expect, test } from './fixtures';
import { DEMO } from './home-helpers';

test('without JavaScript the home page still shows all the demo content', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  try {
    await page.goto('/');
    await expect(page.locator('h1')).toHaveText(SETTINGS_DEFAULTS.heroTitle);
    for (const area of DEMO.researchAreas)
      await expect(page.locator('#research').getByText(area.title, { exact: true })).toBeVisible();
    for (const member of DEMO.teamMembers)
      await expect(page.locator('#team').getByText(member.name, { exact: true })).toBeVisible();
    for (const p of DEMO.publications)
      await expect(page.locator('#publications').getByText(p.title, { exact: true })).toBeVisible();
    // Counters: the final values are in the HTML.
    await expect(page.locator('#impact').getByTestId('stat-value')).toHaveText(
      DEMO.stats.map((s) => s.value),
    );
    for (const s of DEMO.stats)
      await expect(page.locator('#impact').getByText(s.label)).toBeVisible();
    // Events: upcoming ones in the tabs' HTML, past ones in a static list: each exactly once.
    for (const e of DEMO.events(new Date())) {
      await expect(page.locator('#events').getByText(e.title, { exact: true })).toBeVisible();
    }
    await expect(
      page.locator('#events').getByRole('heading', { name: 'Past Events' }),
    ).toBeVisible();
    await expect(
      page.locator('#events').getByRole('button', { name: 'Event Highlights' }).first(),
    ).toBeVisible();
    // Read more works without scripts too.
    const card = page
      .getByTestId('publication-card')
      .filter({ hasText: DEMO.publications[0]!.title });
    await card.getByText('Read more').click();
    await expect(card.getByText(DEMO.publications[0]!.description, { exact: true })).toBeVisible();
    // The forms need JavaScript: their buttons stay off (no native submit) and the page offers e-mail instead.
    // (Playwright's text search skips <noscript>, so the hint is found by its element.)
    await expect(page.locator('#contact noscript p')).toContainText(
      'The contact form needs JavaScript.',
    );
    await expect(
      page.locator('#contact').getByRole('link', { name: DEMO.settings.contactEmail }),
    ).toHaveAttribute('href', `mailto:${DEMO.settings.contactEmail}`);
    await expect(
      page
        .getByRole('form', { name: 'Contact form' })
        .getByRole('button', { name: 'Send Message' }),
    ).toBeDisabled();
    await expect(
      page
        .getByRole('form', { name: 'Newsletter signup' })
        .getByRole('button', { name: 'Subscribe' }),
    ).toBeDisabled();
    await expect(page.getByTestId('video-placeholder').getByText('Coming Soon')).toBeVisible();
  } finally {
    await context.close();
  }
});
