/**
 * The web version of a report on a real build: a publication saved through the API with a
 * Markdown body and a DOI gets headings, a contents list, a reading time, a figure with its alt
 * text and caption, and its DOI in the cite block, citation_doi, BibTeX, RIS and JSON-LD, and a
 * Crossref deposit file valid against Crossref's schema. The admin's preview answers what the page
 * shows. Pages are read with node-html-parser.
 */
import { XMLParser } from 'fast-xml-parser';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPages, jsonLd, metaAll } from '../helpers/built-pages';
import { validateCrossref } from '../helpers/crossref-schema';
import { startAdminSite } from '../helpers/admin-site';
import { buildPages, client, type TestSite } from '../helpers/platform';

let site: TestSite;
let admin: ReturnType<typeof client>;
const { page, html } = builtPages(() => site.url);

const paragraph =
  'Independent testers check frontier models for dangerous capabilities before release, and regulators read their findings. ';
const BODY = [
  '# Why testing matters',
  paragraph.repeat(70),
  '## What testers need',
  `Access to the weights is rarely needed.[^access] ${paragraph.repeat(70)}`,
  '![Bar chart of evaluations per quarter, rising from 4 to 31](/images/og-default.png "Figure 1: Evaluations per quarter, 2023-2025")',
  '| Quarter | Evaluations |\n|:--|--:|\n| Q1 2025 | 31 |',
  '# Recommendations',
  '1. Fund the testers.\n2. Publish the results.',
  '[^access]: Structured access through an API suffices for most tests.',
].join('\n\n');

beforeAll(async () => {
  ({ site, admin } = await startAdminSite({
    pages: true,
    users: { admin: { username: 'editor', password: 'correct horse battery staple' } },
  }));
  // The author is one of the institute's people, with an ORCID iD; Crossref's deposit file needs
  // the contact address as its depositor's.
  const person = await admin.post('/api/team-members', {
    name: 'Mei Chen',
    position: 'Senior Fellow',
    orcid: '0000-0002-1825-0097',
  });
  expect(person.status, JSON.stringify(person.json)).toBe(201);
  const settings = await admin.patch('/api/site-settings', { contactEmail: 'press@example.org' });
  expect(settings.status, JSON.stringify(settings.json)).toBe(200);
  const res = await admin.post('/api/publications', {
    title: 'Testing Frontier Models',
    description: 'Who should test the most capable models, and how.',
    authors: 'Mei Chen',
    date: '2025',
    type: 'Report',
    doi: '10.5555/meridian.2025-07',
    body: BODY,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  await buildPages(site);
}, 180_000);
afterAll(() => site?.close());

const PATH = '/publications/testing-frontier-models';

describe('a publication with a body', () => {
  it('renders the body with headings that start at h2 and a contents list linking to them', async () => {
    const doc = await html(PATH);
    const body = doc.querySelector('[data-testid="report-body"]')!;
    const headings = body.querySelectorAll('h2, h3').map((h) => [h.rawTagName, h.id, h.text]);
    expect(headings).toEqual([
      ['h2', 'section-why-testing-matters', 'Why testing matters'],
      ['h3', 'section-what-testers-need', 'What testers need'],
      ['h2', 'section-recommendations', 'Recommendations'],
    ]);
    const contents = doc
      .querySelectorAll('[data-testid="report-contents"] a')
      .map((a) => [a.getAttribute('href'), a.text]);
    expect(contents).toEqual([
      ['#section-why-testing-matters', 'Why testing matters'],
      ['#section-what-testers-need', 'What testers need'],
      ['#section-recommendations', 'Recommendations'],
    ]);
    for (const [href] of contents) expect(doc.getElementById(href!.slice(1)), href!).not.toBeNull();
  });

  it('shows the reading time of the body', async () => {
    // About 2,130 words (140 paragraphs of 15, and a few more) at 230 a minute.
    expect((await html(PATH)).querySelector('[data-testid="reading-time"]')!.text).toBe(
      '9 min read',
    );
  });

  it('shows the figure with its alt text and caption, a table and the footnote', async () => {
    const body = (await html(PATH)).querySelector('[data-testid="report-body"]')!;
    const figure = body.querySelector('figure')!;
    expect(figure.querySelector('img')!.getAttribute('alt')).toBe(
      'Bar chart of evaluations per quarter, rising from 4 to 31',
    );
    expect(figure.querySelector('figcaption')!.text).toBe(
      'Figure 1: Evaluations per quarter, 2023-2025',
    );
    expect(body.querySelector('table td.align-right')!.text).toBe('31');
    expect(body.querySelector('.footnotes')!.text).toContain('Structured access through an API');
  });

  it("gives the figure's own page the image's size, through the image CDN at the sizes shown", async () => {
    const img = (await html(`${PATH}/figures/1`)).querySelector('[data-testid="figure"] img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '630']);
    // Candidates up to the file's own width, never past it.
    const widths = img
      .getAttribute('srcset')!
      .split(', ')
      .map((c) => Number(/ (\d+)w$/.exec(c)![1]));
    expect(widths.at(-1)).toBe(1200);
    expect((await page(img.getAttribute('src')!)).type).toMatch(/^image\//);
  });

  it('keeps the description as the summary above the body', async () => {
    const doc = await html(PATH);
    expect(doc.querySelector('article')!.text).toContain(
      'Who should test the most capable models, and how.',
    );
  });

  it('needs no inline script or style: the pages keep their Content-Security-Policy', async () => {
    const doc = await html(PATH);
    const body = doc.querySelector('[data-testid="report-body"]')!;
    expect(body.querySelectorAll('script, style, [style]')).toHaveLength(0);
    const csp = doc
      .querySelector('meta[http-equiv="content-security-policy"]')!
      .getAttribute('content')!;
    const plain = parse((await page('/publications')).text)
      .querySelector('meta[http-equiv="content-security-policy"]')!
      .getAttribute('content')!;
    const directive = (policy: string, name: string) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    for (const name of ['default-src', 'img-src', 'style-src'])
      expect(directive(csp, name)).toBe(directive(plain, name));
    expect(directive(csp, 'script-src')).not.toContain('unsafe-inline');
  });
});

describe('the DOI', () => {
  it('is in the cite block, citation_doi and the APA reference', async () => {
    const doc = await html(PATH);
    expect(metaAll(doc, 'citation_doi')).toEqual(['10.5555/meridian.2025-07']);
    const link = doc.querySelector('[data-testid="cite-doi"] a')!;
    expect(link.getAttribute('href')).toBe('https://doi.org/10.5555/meridian.2025-07');
    expect(doc.querySelector('[data-testid="cite-apa"]')!.text).toMatch(
      / https:\/\/doi\.org\/10\.5555\/meridian\.2025-07$/,
    );
  });

  it('is in BibTeX and RIS', async () => {
    expect((await html(PATH)).querySelector('[data-testid="cite-bibtex"]')!.text).toContain(
      'doi = {10.5555/meridian.2025-07}',
    );
    expect((await page(`${PATH}.ris`)).text.split('\r\n')).toContain(
      'DO  - 10.5555/meridian.2025-07',
    );
  });

  it('is the JSON-LD identifier', async () => {
    const report = jsonLd(await html(PATH)).find((ld) => ld['@type'] === 'Report');
    expect(report.identifier).toEqual({
      '@type': 'PropertyValue',
      propertyID: 'DOI',
      value: '10.5555/meridian.2025-07',
      url: 'https://doi.org/10.5555/meridian.2025-07',
    });
  });

  it("is in the Crossref deposit file, with the author's ORCID iD, valid against Crossref's schema", async () => {
    const deposit = await page(`${PATH}/crossref.xml`);
    expect(deposit.status).toBe(200);
    expect(deposit.type).toMatch(/^application\/xml/);
    expect(await validateCrossref(deposit.text)).toEqual({ valid: true, errors: [] });
    const meta = new XMLParser().parse(deposit.text).doi_batch.body['report-paper'][
      'report-paper_metadata'
    ];
    expect(meta.contributors.person_name).toEqual({
      given_name: 'Mei',
      surname: 'Chen',
      ORCID: 'https://orcid.org/0000-0002-1825-0097',
    });
    expect(meta.doi_data.doi).toBe('10.5555/meridian.2025-07');
    expect(new URL(meta.doi_data.resource).pathname).toBe(PATH);
  });

  it('is refused unless it looks like 10.NNNN/… (a suffix of 200 characters at most)', async () => {
    for (const doi of [
      'https://doi.org/10.5555/x',
      '10.55/x',
      'doi:10.5555/x',
      '10.5555/',
      `10.5555/${'x'.repeat(201)}`,
    ]) {
      const res = await admin.post('/api/publications', {
        title: 'Bad DOI',
        description: 'x',
        doi,
      });
      expect(res.status, doi).toBe(400);
      expect((res.json as { fields: Record<string, string> }).fields.doi).toMatch(
        /looks like 10\.1234\//,
      );
    }
  });
});

describe('the admin preview', () => {
  it('answers the body as the page shows it, sanitised', async () => {
    const res = await admin.post('/api/admin/markdown-preview', {
      markdown: '## Hello\n\n<script>alert(1)</script> [x](javascript:alert(1))',
    });
    expect(res.status).toBe(200);
    const preview = res.json as { html: string; minutes: number };
    const doc = parse(preview.html);
    expect(doc.querySelector('h2')!.text).toBe('Hello');
    expect(doc.querySelectorAll('script, a')).toHaveLength(0);
    expect(preview.minutes).toBe(1);
  });

  it('is for editors only', async () => {
    expect(
      (await client(site.url).post('/api/admin/markdown-preview', { markdown: 'x' })).status,
    ).toBe(401);
  });
});
