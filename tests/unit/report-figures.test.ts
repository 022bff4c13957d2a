/**
 * Numbered figures of a report body: captioned images alone in their paragraph are numbered in
 * the order of the body, uncaptioned ones are not; each numbered figure has its anchor and links
 * to its own page; its page knows the image's pixels (so nothing moves as it loads); and its
 * page's ImageObject JSON-LD parses and carries what image search reads.
 */
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { apaFigureCitation, bibtexFigure } from '../../src/lib/citation';
import { figureJsonLd } from '../../src/lib/figure-json-ld';
import { serializeJsonLd } from '../../src/lib/json-ld';
import { figurePixels } from '../../src/server/content/figure-pixels';
import { renderReportBody } from '../../src/server/content/report-body';

const BODY = [
  '## Results',
  '![A chart of compute](/api/uploads/compute.png "Figure 7: Training compute, 2012-2025")',
  'Text between figures.',
  '![A decorative rule](/api/uploads/rule.png)',
  '![A map of rules](/images/research/map.svg "Where binding rules apply")',
  'An inline ![icon](/api/uploads/icon.png "Not a figure") inside a sentence.',
  '![A table as an image](/api/uploads/table.png "Scores by jurisdiction")',
].join('\n\n');

describe('report figures', () => {
  const body = renderReportBody(BODY, { figureBase: '/publications/governance/figures' });
  const doc = parse(body.html);

  it('numbers captioned figures in the order of the body, and not uncaptioned or inline images', () => {
    expect(body.figures).toEqual([
      {
        number: 1,
        src: '/api/uploads/compute.png',
        alt: 'A chart of compute',
        caption: 'Training compute, 2012-2025',
      },
      {
        number: 2,
        src: '/images/research/map.svg',
        alt: 'A map of rules',
        caption: 'Where binding rules apply',
      },
      {
        number: 3,
        src: '/api/uploads/table.png',
        alt: 'A table as an image',
        caption: 'Scores by jurisdiction',
      },
    ]);
    const figures = doc.querySelectorAll('figure');
    expect(figures.map((f) => f.getAttribute('id') ?? null)).toEqual([
      'figure-1',
      null,
      'figure-2',
      'figure-3',
    ]);
    expect(figures[0]!.querySelector('figcaption')!.text).toBe(
      'Figure 1: Training compute, 2012-2025',
    );
    expect(figures[1]!.querySelector('figcaption')).toBeNull();
  });

  it('links each numbered figure to its own page, and only when told where those pages are', () => {
    const links = doc.querySelectorAll('figure a.figure-link').map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/publications/governance/figures/1',
      '/publications/governance/figures/2',
      '/publications/governance/figures/3',
    ]);
    const preview = parse(renderReportBody(BODY).html);
    expect(preview.querySelectorAll('a.figure-link')).toHaveLength(0);
    expect(preview.querySelector('#figure-1')).not.toBeNull();
  });

  it('cites a figure with its number, in APA and BibTeX', () => {
    const p = {
      title: 'The State of AI Governance',
      authors: ['Lena Fischer'],
      type: 'Report',
      description: '',
      slug: 'governance',
      publishedOn: '2025-03-18',
      date: '',
      doi: '10.5555/x',
    };
    const ctx = { publisher: 'Meridian', url: 'https://example.org/publications/governance' };
    const f = { number: 2, caption: 'Where rules apply.', url: `${ctx.url}/figures/2` };
    expect(apaFigureCitation(p, ctx, f)).toBe(
      'Fischer, L. (2025, March 18). Where rules apply [Figure 2]. In The State of AI Governance [Report]. Meridian. https://example.org/publications/governance/figures/2',
    );
    const bib = bibtexFigure(p, ctx, f);
    expect(bib).toMatch(/^@misc\{governance-figure-2,/);
    expect(bib).toContain('number = {2}');
    expect(bib).toContain('note = {Figure 2 of The State of AI Governance}');
  });

  it('gives a figure page ImageObject JSON-LD that parses, with the properties image search reads', () => {
    const ld = JSON.parse(
      serializeJsonLd(
        figureJsonLd(
          {
            name: 'Figure 1: Training compute',
            caption: 'Training compute',
            contentUrl: 'https://example.org/api/uploads/compute.png',
            url: 'https://example.org/publications/governance/figures/1',
            license: 'https://creativecommons.org/licenses/by/4.0/',
            creators: [{ name: 'Lena Fischer', url: 'https://example.org/team/lena-fischer' }],
            reportUrl: 'https://example.org/publications/governance',
            datePublished: '2025-03-18',
          },
          { origin: 'https://example.org', name: 'Meridian' },
        ),
      ),
    ) as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ImageObject',
      name: 'Figure 1: Training compute',
      caption: 'Training compute',
      contentUrl: 'https://example.org/api/uploads/compute.png',
      license: 'https://creativecommons.org/licenses/by/4.0/',
      creditText: 'Lena Fischer / Meridian',
      creator: [{ '@type': 'Person', name: 'Lena Fischer' }],
      isPartOf: { '@id': 'https://example.org/publications/governance#publication' },
    });
  });
});

describe("a figure page's image size", () => {
  it('comes from the media library, or from the site file, and never from outside public/', async () => {
    const known = new Map([['/api/uploads/compute.png', { width: 1600, height: 900 }]]);
    expect(await figurePixels('/api/uploads/compute.png', known)).toEqual({
      width: 1600,
      height: 900,
    });
    expect(await figurePixels('/images/research/governance.svg', known)).toEqual({
      width: 640,
      height: 360,
    });
    for (const src of ['/images/none.png', '/..%2Fpackage.json', '/%E0%A4%A', '/api/uploads/x.png'])
      expect(await figurePixels(src, known), src).toBeUndefined();
  });
});
