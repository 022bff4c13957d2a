import { expect, signIn, test, waitForLive } from './fixtures';
import { waitForIsland } from './home-helpers';

const VIDEO_ID = 'dQw4w9WgXcQ';
const THUMB = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#1c326e"/></svg>`;

test('with a video address: thumbnail (max resolution, then hq), play overlay, embedded player and close', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  const before =
    (await (await page.request.get('/api/site-settings')).json()).featuredVideoUrl ?? '';
  const res = await page.request.patch('/api/site-settings', {
    data: { featuredVideoUrl: `https://www.youtube.com/watch?v=${VIDEO_ID}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  try {
    await waitForLive(page, '/', VIDEO_ID);
    // No internet here: stand in for YouTube. The max-resolution image is missing, hq exists.
    await page.route('https://img.youtube.com/**', (route) =>
      route.request().url().endsWith('/hqdefault.jpg')
        ? route.fulfill({ status: 200, contentType: 'image/svg+xml', body: THUMB })
        : route.fulfill({ status: 404, body: '' }),
    );
    await page.route('https://www.youtube.com/embed/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>player</p>' }),
    );
    await page.goto('/#highlights');
    const play = page.getByRole('button', {
      name: 'Play video: Scaling AI That Works - Event Highlights',
    });
    await waitForIsland(page, play);
    await expect(page.locator('#highlights img')).toHaveAttribute(
      'src',
      `https://img.youtube.com/vi/${VIDEO_ID}/hqdefault.jpg`,
    );
    await expect(page.locator('[data-edit="settings.featuredVideoTitle"]')).toHaveText(
      'Scaling AI That Works - Event Highlights',
    );
    await expect(page.locator('[data-edit="settings.featuredVideoDescription"]')).toHaveText(
      'Click to watch highlights from our recent event featuring industry leaders sharing real-world AI success stories',
    );

    await play.click();
    const frame = page.locator('#highlights iframe');
    const src = new URL((await frame.getAttribute('src'))!);
    expect(src.pathname).toBe(`/embed/${VIDEO_ID}`);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      autoplay: '1',
      rel: '0',
      modestbranding: '1',
    });
    const close = page.getByRole('button', { name: 'Close video' });
    await expect(close).toBeFocused();
    await close.click();
    await expect(frame).toHaveCount(0);
    await expect(play).toBeFocused();
  } finally {
    await page.request.patch('/api/site-settings', { data: { featuredVideoUrl: before } });
  }
});
