import { publicationUrl } from '../../src/lib/publication-archive';
import { slugify } from '../../src/lib/slug';
import { axe } from './axe';
import { expect, test } from './fixtures';

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
