import { eventDateLabel } from '../../src/lib/event-card';
import { badgeForType, type ClientEvent, normaliseEvent } from '../../src/schemas/event';
import { expect, test } from './fixtures';
import { DEMO, waitForIsland } from './home-helpers';

const demoTitles = DEMO.events(new Date()).map((e) => e.title);

test.describe('events section', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/#events');
    await waitForIsland(page, page.getByRole('tablist', { name: 'Events' }));
  });

  const card = (page: import('@playwright/test').Page, title: string) =>
    page
      .locator('#events')
      .getByTestId('event-card')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

  test('Upcoming is the default tab; cards show badges, dates, place and the right action', async ({
    page,
  }) => {
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Upcoming Events', 'Featured Events', 'All Events']);
    await expect(page.getByRole('tab', { name: 'Upcoming Events' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const events: ClientEvent[] = (await (await page.request.get('/api/events')).json()).map(
      normaliseEvent,
    );
    const byTitle = (t: string) => events.find((e) => e.title === t)!;

    // Virtual with a link: join (new tab), 'Virtual Event' as the place.
    const webinar = card(page, 'Evaluating Frontier Models: A Live Briefing');
    await expect(webinar.getByText('Webinar', { exact: true })).toHaveAttribute(
      'data-badge',
      'outline',
    );
    await expect(webinar.getByText('Virtual Event', { exact: true })).toBeVisible();
    await expect(webinar.getByRole('link', { name: 'Join Virtual Event' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(webinar.getByText('Featured', { exact: true })).toHaveCount(0);

    // Registration link: register (new tab), featured badge, location.
    const workshop = card(page, 'Responsible AI Leadership Workshop');
    await expect(workshop.getByText('Workshop', { exact: true })).toHaveAttribute(
      'data-badge',
      badgeForType('Workshop'),
    );
    await expect(workshop.getByText('Featured', { exact: true })).toBeVisible();
    await expect(workshop.getByText('London, United Kingdom')).toBeVisible();
    const register = workshop.getByRole('link', { name: 'Register Now' });
    await expect(register).toHaveAttribute('target', '_blank');
    await expect(register).toHaveAttribute(
      'href',
      byTitle('Responsible AI Leadership Workshop').registrationLink,
    );
    await expect(
      workshop.getByText(eventDateLabel(byTitle('Responsible AI Leadership Workshop')), {
        exact: true,
      }),
    ).toBeVisible();

    // Nothing to act on yet: a disabled button.
    const meetup = card(page, 'London AI Practitioners Meetup');
    await expect(meetup.getByText('Meetup', { exact: true })).toHaveAttribute(
      'data-badge',
      'destructive',
    );
    await expect(meetup.getByRole('button', { name: 'Details Coming Soon' })).toBeDisabled();

    // Multi-day: 'start - end'.
    const summit = byTitle('Meridian AI Governance Summit');
    const label = eventDateLabel(summit);
    expect(label).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} - [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(card(page, summit.title).getByText(label, { exact: true })).toBeVisible();
    await expect(
      card(page, 'Open Data for Public Good Hackathon').getByText('Hackathon', { exact: true }),
    ).toHaveAttribute('data-badge', 'secondary');

    // Past events are not upcoming.
    await expect(card(page, 'AI in Healthcare Roundtable')).toHaveCount(0);
    // Each card offers exactly one action.
    for (const c of await page.locator('#events').getByTestId('event-card').all()) {
      await expect(c.locator('a[target=_blank], button')).toHaveCount(1);
    }
  });

  test('Featured and All tabs; All is sorted by start date; past events link to the highlights page', async ({
    page,
  }) => {
    await page.getByRole('tab', { name: 'Featured Events' }).click();
    await expect(page.getByRole('tab', { name: 'Featured Events' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(card(page, 'Scaling AI That Works')).toBeVisible();
    await expect(card(page, 'London AI Practitioners Meetup')).toHaveCount(0);
    for (const c of await page.locator('#events').getByTestId('event-card').all()) {
      await expect(c.getByText('Featured', { exact: true })).toBeVisible();
    }

    await page.getByRole('tab', { name: 'All Events' }).click();
    for (const title of demoTitles) await expect(card(page, title)).toBeVisible();
    const starts = await page
      .locator('#events')
      .getByTestId('event-date')
      .evaluateAll((dates) => dates.map((d) => Date.parse(d.textContent!.split(' - ')[0]!)));
    expect(starts.every(Number.isFinite)).toBe(true);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    const past = card(page, 'AI in Healthcare Roundtable');
    await expect(past.getByText('Roundtable', { exact: true })).toHaveAttribute(
      'data-badge',
      'outline',
    );
    await past.getByRole('button', { name: 'Event Highlights' }).click();
    await expect(page).toHaveURL(/\/coming-soon\.html/);
  });

  test('tabs follow the keyboard: arrows, Home and End', async ({ page }) => {
    const upcoming = page.getByRole('tab', { name: 'Upcoming Events' });
    await upcoming.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Featured Events' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Featured Events' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'All Events' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('ArrowRight');
    await expect(upcoming).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'All Events' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(upcoming).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveAttribute(
      'aria-labelledby',
      'events-tab-upcoming',
    );
  });
});

test('each tab revalidates against the API and shows its exact empty message', async ({ page }) => {
  for (const path of ['/api/events', '/api/events/upcoming', '/api/events/featured']) {
    await page.route(`**${path}`, (route) => route.fulfill({ json: [] }));
  }
  await page.goto('/#events');
  await waitForIsland(page, page.getByRole('tablist', { name: 'Events' }));
  const panel = page.locator('#events').getByRole('tabpanel');
  await expect(panel).toHaveText(
    'No upcoming events scheduled at this time.Check back soon for new events!',
  );
  await expect(
    panel.getByText('No upcoming events scheduled at this time.', { exact: true }),
  ).toBeVisible();
  await expect(panel.getByText('Check back soon for new events!', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Featured Events' }).click();
  await expect(panel).toHaveText('No featured events at this time.');
  await page.getByRole('tab', { name: 'All Events' }).click();
  await expect(panel).toHaveText('No events have been scheduled yet.');
});

test('the API answer replaces the build-time list (snake_case accepted, All sorted ascending)', async ({
  page,
}) => {
  const later = {
    id: 'b',
    title: 'Later Event',
    start_date: '2031-05-02T00:00:00.000Z',
    end_date: '2031-05-02T00:00:00.000Z',
    event_type: 'Hackathon',
  };
  const sooner = {
    id: 'a',
    title: 'Sooner Event',
    start_date: '2031-05-01T00:00:00.000Z',
    end_date: '2031-05-03T00:00:00.000Z',
    is_virtual: true,
    virtual_link: 'https://v.example/x',
  };
  await page.route('**/api/events', (route) => route.fulfill({ json: [later, sooner] }));
  await page.goto('/#events');
  await waitForIsland(page, page.getByRole('tablist', { name: 'Events' }));
  await page.getByRole('tab', { name: 'All Events' }).click();
  const titles = page.locator('#events').getByTestId('event-card').getByRole('heading');
  await expect(titles).toHaveText(['Sooner Event', 'Later Event']);
  const sooner_ = page.locator('#events').getByTestId('event-card').first();
  await expect(sooner_.getByText('May 1, 2031 - May 3, 2031', { exact: true })).toBeVisible();
  await expect(sooner_.getByRole('link', { name: 'Join Virtual Event' })).toHaveAttribute(
    'href',
    'https://v.example/x',
  );
  await expect(sooner_.getByText('Event', { exact: true })).toHaveAttribute(
    'data-badge',
    'outline',
  );
});

test('while a tab revalidates, its build-time list stays on screen instead of a spinner', async ({
  page,
}) => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/api/events/featured', async (route) => {
    await gate;
    await route.fulfill({ json: [] });
  });
  await page.goto('/#events');
  await waitForIsland(page, page.getByRole('tablist', { name: 'Events' }));
  await page.getByRole('tab', { name: 'Featured Events' }).click();
  // Build-time featured events are shown while the request is pending: no spinner.
  await expect(page.locator('#events').getByRole('status')).toHaveCount(0);
  await expect(page.locator('#events').getByTestId('event-card').first()).toBeVisible();
  release();
  await expect(page.locator('#events').getByRole('tabpanel')).toHaveText(
    'No featured events at this time.',
  );
});
