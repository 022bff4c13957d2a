import { expect, signIn, test } from './fixtures';
import { unique, waitForPublished } from './admin-fixtures';

// The visitor sits in New York; the event happens in Berlin.
test.use({ timezoneId: 'America/New_York' });
test.describe.configure({ timeout: 150_000 });

test("a virtual event's page names the event's zone and shows the times in the visitor's own zone", async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page);
  const title = unique('E2E Berlin webinar');
  const res = await page.request.post('/api/events', {
    data: {
      title,
      startDate: '2031-06-19',
      endDate: '2031-06-19',
      startTime: '09:30',
      endTime: '17:00',
      eventTimeZone: 'Europe/Berlin',
      isVirtual: true,
      virtualLink: 'https://meet.example.org/berlin',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id, slug } = await res.json();
  try {
    await waitForPublished(page, `/events/${slug}`, title);
    await page.goto(`/events/${slug}`);
    await expect(page.getByTestId('event-time')).toHaveText('09:30–17:00 CEST');
    await expect(page.getByTestId('event-visitor-time')).toHaveText(
      'In your time zone: Thursday, June 19, 2031, 03:30–11:00 EDT',
    );

    // A visitor in the event's own zone is not told the same times twice.
    const berlin = await browser.newContext({ timezoneId: 'Europe/Berlin', baseURL });
    const there = await berlin.newPage();
    await there.goto(`/events/${slug}`);
    await expect(there.getByTestId('event-time')).toHaveText('09:30–17:00 CEST');
    await expect(there.getByTestId('event-visitor-time')).toBeHidden();
    await berlin.close();
  } finally {
    await page.request.delete(`/api/events/${id}`);
  }
});
