import { splitHonorific } from '../../src/schemas/cited-name';
import { SETTINGS_DEFAULTS } from '../../src/schemas/site-settings';
import { expect, signIn, test } from './fixtures';
import { DEMO, waitForGone } from './home-helpers';

test.describe('home page sections', () => {
  test('hero, about and every section show the settings texts, marked for the editor', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Meridian Institute for AI Research/);
    const edit = (field: string) => page.locator(`[data-edit="settings.${field}"]`);
    // Defaults show for empty settings; the element's text is exactly the displayed text.
    for (const field of [
      'heroTrustBadge',
      'heroSubtitle',
      'heroAuthority1',
      'heroAuthority2',
      'heroAuthority3',
      'heroButton1Text',
      'heroButton2Text',
      'aboutTitle',
      'aboutVision',
      'aboutDescription',
      'corePrinciple1Title',
      'corePrinciple1Description',
      'corePrinciple2Title',
      'corePrinciple2Description',
      'credibilityBox1Title',
      'credibilityBox2Description',
      'credibilityBox3Title',
      'researchTitle',
      'researchDescription',
      'teamTitle',
      'teamDescription',
      'publicationsTitle',
      'publicationsDescription',
      'statsTitle',
      'statsDescription',
      'videoHighlightsTitle',
      'videoHighlightsDescription',
      'eventsTitle',
      'eventsDescription',
      'contactTitle',
      'contactDescription',
      'newsletterTitle',
      'newsletterDescription',
    ] as const) {
      await expect(edit(field), field).toHaveCount(1);
      expect(await edit(field).textContent(), field).toBe(SETTINGS_DEFAULTS[field]);
    }
    await expect(page.locator('h1')).toHaveAttribute('data-edit', 'settings.heroTitle');
    await expect(edit('credibilityBox1Metric')).toHaveText('95% Success Rate');
    await expect(edit('credibilityBox2Metric')).toHaveText('10,000+ Trained');
    await expect(edit('credibilityBox3Metric')).toHaveText('Global Network');
    await expect(edit('eventsTitle')).toHaveText('Events & Workshops');
    await expect(edit('videoHighlightsTitle')).toHaveText('Event Highlights');
    // Multi-line texts carry the marker; titles do not.
    await expect(edit('eventsDescription')).toHaveAttribute('data-edit-multiline', '');
    await expect(edit('eventsTitle')).not.toHaveAttribute('data-edit-multiline', /.*/);
    // Hero buttons lead to the default anchors.
    await expect(
      page.getByRole('link', { name: SETTINGS_DEFAULTS.heroButton1Text }),
    ).toHaveAttribute('href', '#research');
    await expect(
      page.getByRole('link', { name: SETTINGS_DEFAULTS.heroButton2Text }),
    ).toHaveAttribute('href', '#contact');
    // Contact details come from the settings.
    await expect(edit('contactEmail')).toHaveText(DEMO.settings.contactEmail);
    await expect(edit('contactPhone')).toHaveText(DEMO.settings.contactPhone);
    await expect(edit('contactLocation')).toHaveText(DEMO.settings.contactLocation);
  });

  test('sections come in the spec order with their anchors', async ({ page }) => {
    await page.goto('/');
    const ids = await page
      .locator('main > section')
      .evaluateAll((els) => els.map((e) => e.id || e.getAttribute('aria-labelledby')));
    expect(ids).toEqual([
      'hero-title',
      'about',
      'research',
      'team',
      'publications',
      'impact',
      'highlights',
      'events',
      'contact',
      'newsletter',
    ]);
  });

  test('research areas and team members render with editor markers, default images and links', async ({
    page,
  }) => {
    await page.goto('/');
    const research = page.locator('#research');
    for (const area of DEMO.researchAreas) {
      const title = page.getByRole('heading', { name: area.title, exact: true });
      await expect(research.locator(title)).toHaveAttribute(
        'data-edit',
        /^research-areas\.[\w-]+\.title$/,
      );
      const card = research.locator('li').filter({ has: title });
      await expect(card.locator('[data-edit$=".description"]')).toHaveText(area.description);
      await expect(card.locator('img')).toHaveAttribute(
        'src',
        area.image || '/images/research-default.svg',
      );
    }
    await expect(research.getByTestId('research-skeletons')).toHaveCount(0);

    const team = page.locator('#team');
    const names = await team.locator('[data-edit$=".name"]').allTextContents();
    // Sorted by order, the member without one last; the editable name is the one without its
    // honorific, which the card shows before it.
    expect(names.slice(0, DEMO.teamMembers.length)).toEqual(
      DEMO.teamMembers.map((m) => splitHonorific(m.name).name),
    );
    const lena = team.locator('li').filter({ hasText: 'Dr. Lena Fischer' }).first();
    await expect(lena.getByRole('link', { name: 'Lena Fischer on LinkedIn' })).toHaveAttribute(
      'href',
      DEMO.teamMembers[0]!.linkedin!,
    );
    await expect(lena.getByRole('link', { name: 'Lena Fischer on X (Twitter)' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(lena.getByRole('link', { name: 'Email Lena Fischer' })).toHaveAttribute(
      'href',
      'mailto:lena.fischer@meridian-ai.org',
    );
    // Hover reveals the links; a keyboard user reaches them by focus.
    await lena.hover();
    await expect(lena.getByRole('link', { name: 'Lena Fischer on LinkedIn' })).toBeVisible();
    // A member without social links still leads to their own page, and to nothing else.
    const kenji = team.locator('li').filter({ hasText: 'Prof. Kenji Watanabe' }).first();
    await expect(kenji.locator('a:not([data-person-link])')).toHaveCount(0);
    await expect(kenji.locator('a[data-person-link]')).toHaveAttribute(
      'href',
      '/team/prof-kenji-watanabe',
    );
    await expect(team.getByRole('link', { name: 'View all team members' })).toHaveAttribute(
      'href',
      '/team',
    );
  });

  test("publications cut long descriptions with a per-card 'Read more' / 'Read less'", async ({
    page,
  }) => {
    await page.goto('/');
    const section = page.locator('#publications');
    const long = DEMO.publications.filter((p) => p.description.length > 120);
    const short = DEMO.publications.filter((p) => p.description.length <= 120);
    expect(long.length).toBeGreaterThanOrEqual(2);
    const card = (title: string) =>
      section.getByTestId('publication-card').filter({ hasText: title });
    for (const p of short) {
      await expect(card(p.title).getByText(p.description, { exact: true })).toBeVisible();
      await expect(card(p.title).getByText('Read more')).toHaveCount(0);
    }
    await expect(card(DEMO.publications[0]!.title).locator('img')).toHaveAttribute(
      'src',
      DEMO.publications[0]!.image,
    );

    const [first, second] = [card(long[0]!.title), card(long[1]!.title)];
    const cut = `${long[0]!.description.slice(0, 120).trimEnd()}...`;
    await expect(first.getByText(cut, { exact: true })).toBeVisible();
    await expect(first.getByText(long[0]!.description, { exact: true })).toBeHidden();

    await first.getByText('Read more').click();
    await expect(first.getByText(long[0]!.description, { exact: true })).toBeVisible();
    await expect(first.getByText('Read less')).toBeVisible();
    // Only that card opened.
    await expect(second.getByText('Read more')).toBeVisible();
    await expect(second.getByText(long[1]!.description, { exact: true })).toBeHidden();

    await first.getByText('Read less').click();
    await expect(first.getByText(cut, { exact: true })).toBeVisible();
    await expect(first.getByText('Read more')).toBeVisible();
  });

  test('impact counters end on the stat values once scrolled into view', async ({ page }) => {
    await page.goto('/');
    const values = page.locator('#impact').getByTestId('stat-value');
    await values.first().scrollIntoViewIfNeeded();
    await expect(values).toHaveText(
      DEMO.stats.map((s) => s.value),
      { timeout: 15_000 },
    );
  });

  test('counters count up from zero when they become visible', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const value = page.locator('#impact').getByTestId('stat-value').nth(0);
    expect(DEMO.stats[0]!.value).toBe('120+');
    // The web fonts first: arriving after the scroll, they move the section, and a counter left
    // less than 30% in view waits (as it should) for the visitor to scroll to it.
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await value.scrollIntoViewIfNeeded();
    // Hydration, then the first animation frames. The island loads when it comes into view and
    // may wait on timers the held clock owns, so the clock moves on in small steps until it has
    // dropped to its start value, rather than by one fixed stride (a full run once saw it still
    // showing its final value after ten seconds of waiting on a single 300 ms step).
    await expect
      .poll(async () => {
        await page.clock.runFor(100);
        return value.textContent();
      })
      .not.toBe('120+');
    await expect(value).toHaveText(/^\d+\+$/); // the suffix stays while the digits count
    // The count starts on the observer's callback, which comes with a real rendering step: on a busy
    // machine that can be after the steps above, so the clock moves on until the count has ended
    // rather than by one fixed stride, with the counter kept in view (as a reader keeps it) should
    // anything late have moved it (a full run once saw every counter still at 0 after ten seconds).
    await expect
      .poll(async () => {
        await value.scrollIntoViewIfNeeded();
        await page.clock.runFor(500);
        return value.textContent();
      })
      .toBe('120+');
    // The fourth counts 600 ms longer than the first.
    await page.clock.runFor(1_000);
    await expect(page.locator('#impact').getByTestId('stat-value').nth(3)).toHaveText(
      DEMO.stats[3]!.value,
    );
  });

  test("the video area shows its placeholder: 'Coming Soon', or a hint in edit mode", async ({
    page,
  }) => {
    await page.goto('/#highlights');
    const area = page.getByTestId('video-placeholder');
    await expect(area.getByText('Event Highlights', { exact: true })).toBeVisible();
    await expect(area.getByText('Coming Soon', { exact: true })).toBeVisible();
    await page.goto('/?edit=true#highlights');
    await expect(
      page.getByTestId('video-placeholder').getByText('Add a YouTube URL in Video Settings'),
    ).toBeVisible();
  });

  test('a visibility flag set to false hides its section after the rebuild', async ({ page }) => {
    await signIn(page);
    const res = await page.request.patch('/api/site-settings', { data: { showStats: false } });
    expect(res.status(), await res.text()).toBe(200);
    try {
      await waitForGone(page, '/', 'id="impact"');
      await page.goto('/');
      await expect(page.locator('#impact')).toHaveCount(0);
      await expect(page.locator('#publications')).toBeVisible();
      await expect(page.locator('#events')).toHaveCount(1);
    } finally {
      await page.request.patch('/api/site-settings', { data: { showStats: true } });
    }
  });
});
