import { publicationUrl } from '../../src/lib/publication-archive';
import { slugify } from '../../src/lib/slug';
import { axe } from './axe';
import { readFile } from 'node:fs/promises';
import { request } from '@playwright/test';
import { expect, publishHeldBuilds, test, waitForLive } from './fixtures';

/**
 * What a reader reuses from a report (the seeded demo report, on the suite's built site): its key
 * findings at the top, a figure that leads to its own page, and that page's citation and PNG.
 */

const REPORT = 'The State of AI Governance 2025';
const violations = async (page: import('@playwright/test').Page) => {
  const { violations: found } = await axe(page, ['best-practice']).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test('a report shows its key findings; a figure leads to a page to cite and download it', async ({
  page,
}) => {
  const report = { url: publicationUrl({ slug: slugify(REPORT) }) };
  await page.goto(report.url);
  const findings = page.getByRole('region', { name: 'Key findings' });
  await expect(findings.getByRole('listitem').first()).toContainText('Binding AI rules now apply');
  await expect(page.getByRole('region', { name: 'Recommendations' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  const figureLink = page.locator('#figure-1').getByRole('link', { name: /^Figure 1/ });
  await expect(figureLink).toHaveAttribute('href', `${report.url}/figures/1`);
  await figureLink.click();
  await page.waitForURL((url) => url.pathname === `${report.url}/figures/1`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Figure 1');
  await expect(page.getByTestId('figure-caption')).toContainText('Jurisdictions with binding AI');

  const cite = page.getByRole('region', { name: 'Cite this figure' });
  await expect(cite.getByTestId('cite-figure-apa')).toContainText(`[Figure 1]. In ${REPORT}`);
  await expect(cite.getByTestId('cite-figure-bibtex')).toContainText('number = {1}');
  await expect(page.getByTestId('figure-embed')).toHaveValue(/<img src="[^"]+fm=png"/);
  await expect(page.getByTestId('figure-licence')).toContainText('CC BY 4.0');

  const png = await page.getByRole('link', { name: /Download PNG/ }).getAttribute('href');
  const answer = await page.request.get(png!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/png');
  expect(await violations(page)).toEqual([]);

  await page.getByRole('link', { name: 'See figure 1 in the report' }).click();
  await expect(page.locator('#figure-1')).toBeInViewport();
});

test("a figure's page holds still on a phone's first visit while the web fonts take over", async ({
  page,
}) => {
  // Lighthouse's phone (a Moto G Power's viewport). Only the size: Playwright's isMobile
  // emulation marks every layout shift as following input (hadRecentInput), which would hide them.
  await page.setViewportSize({ width: 412, height: 823 });
  // A fresh context, so a first visit: the page paints in the stand-in fonts and swaps in the web
  // fonts once painted (src/lib/after-paint.ts). Every layout shift from the start is kept.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () =>
      document.documentElement.setAttribute('data-parsed-with', document.documentElement.className),
    );
    const seen: PerformanceEntry[] = [];
    const observer = new PerformanceObserver((list) => seen.push(...list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    (window as unknown as { layoutShift: () => number }).layoutShift = () => {
      seen.push(...observer.takeRecords());
      return seen
        .map((e) => e as PerformanceEntry & { value: number; hadRecentInput: boolean })
        .filter((e) => !e.hadRecentInput)
        .reduce((sum, e) => sum + e.value, 0);
    };
  });
  await page.goto(`${publicationUrl({ slug: slugify(REPORT) })}/figures/1`);
  await expect(page.locator('html')).toHaveAttribute('data-parsed-with', 'fonts-later');
  await expect(page.locator('html')).not.toHaveClass(/fonts-later/);
  const shift = await page.evaluate(async () => {
    await document.fonts.ready;
    // The frame that draws the page in the web fonts has been painted by the second frame after.
    for (let i = 0; i < 2; i++) await new Promise((r) => requestAnimationFrame(r));
    return (window as unknown as { layoutShift: () => number }).layoutShift();
  });
  await expect(page.getByTestId('figure-caption')).toHaveCSS('font-family', /^"?Inter Variable/);
  expect(shift, 'layout shift while the web fonts replace their stand-ins').toBeLessThanOrEqual(
    0.005,
  );
});

test('a data file on a report downloads under its name, and its first rows show as a table', async ({
  page,
  site,
  adminSession,
}) => {
  test.setTimeout(180_000);
  const csv = 'country,score\n"Korea, Republic of",71\nChile,64\nKenya,58\n';
  const admin = await request.newContext({ baseURL: site.url, storageState: adminSession.state });
  let id = '';
  try {
    // Uploaded as the admin uploads it: opened, sent in parts (one here), completed.
    const made = await (
      await admin.post('/api/admin/data-uploads', {
        data: { fileName: 'readiness.csv', size: Buffer.byteLength(csv) },
      })
    ).json();
    const part = await admin.put(`/api/admin/data-uploads/${made.id}/parts/0`, {
      headers: { 'Content-Type': 'application/octet-stream' },
      data: Buffer.from(csv),
    });
    expect(part.status(), await part.text()).toBe(200);
    const { fileUrl } = await (
      await admin.post(`/api/admin/data-uploads/${made.id}/complete`)
    ).json();
    const title = `Readiness data ${Date.now()}`;
    const res = await admin.post('/api/publications', {
      data: {
        title,
        description: 'A report with its data.',
        dataFiles: [
          {
            url: fileUrl,
            title: 'Readiness by country',
            columns: [{ name: 'score', meaning: 'Readiness score', unit: 'points' }],
          },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ({ id } = await res.json());
    const path = publicationUrl({ slug: slugify(title) });
    publishHeldBuilds();
    await waitForLive(page, path, 'Readiness by country', 120_000);

    await page.goto(path);
    const data = page.getByRole('region', { name: 'Data', exact: true });
    await expect(data.getByText('CSV, 56 bytes')).toBeVisible();
    const preview = data.getByRole('table', { name: 'First rows of Readiness by country' });
    await expect(preview.getByRole('columnheader')).toHaveText(['country', 'score']);
    await expect(preview.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      'Korea, Republic of',
      '71',
    ]);
    await expect(
      data.getByRole('table', { name: 'Data dictionary' }).getByRole('row', { name: /score/ }),
    ).toContainText('Readiness score');

    const download = page.waitForEvent('download');
    await data.getByRole('link', { name: 'Readiness by country' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('readiness.csv');
    expect(await readFile((await file.path())!, 'utf8')).toBe(csv);
    expect(await violations(page)).toEqual([]);
  } finally {
    if (id) await admin.delete(`/api/publications/${id}`);
    await admin.dispose();
  }
});
