import { describe, expect, it } from 'vitest';
import { apaCitation, bibtex, citationMeta, ris } from '../../src/lib/citation';
import { splitNames } from '../../src/schemas/people';
import { parsePublicationDate } from '../../src/lib/publication-date';

const publication = {
  title: 'The State of AI Governance 2025',
  authors: ['Mei Chen', 'L. Fischer'],
  date: 'March 2025',
  type: 'Report',
  description: 'A review of AI rules.',
  slug: 'the-state-of-ai-governance-2025',
};
const ctx = {
  publisher: 'Meridian Institute',
  url: 'https://example.org/publications/the-state-of-ai-governance-2025',
  pdfUrl: 'https://example.org/report.pdf',
};

describe('reading the free-text fields', () => {
  it('reads dates as precise as they are written', () => {
    expect(parsePublicationDate('March 2025')).toEqual({ year: 2025, month: 3 });
    expect(parsePublicationDate('14 March 2025')).toEqual({ year: 2025, month: 3, day: 14 });
    expect(parsePublicationDate('2024-11-02')).toEqual({ year: 2024, month: 11, day: 2 });
    expect(parsePublicationDate('2023')).toEqual({ year: 2023 });
    expect(parsePublicationDate('Forthcoming')).toBeNull();
  });

  it('splits free-text authors of older records on commas or, when present, semicolons', () => {
    expect(splitNames('Mei Chen, L. Fischer and A. Okafor')).toEqual([
      'Mei Chen',
      'L. Fischer',
      'A. Okafor',
    ]);
    expect(splitNames('Chen, Mei; Fischer, Lena')).toEqual(['Chen, Mei', 'Fischer, Lena']);
  });
});

describe('citations', () => {
  it('lists one citation_author per author (family name first) and a Highwire date', () => {
    const meta = citationMeta(publication, ctx);
    expect(meta.filter(([n]) => n === 'citation_author').map(([, v]) => v)).toEqual([
      'Chen, Mei',
      'Fischer, L.',
    ]);
    expect(meta).toContainEqual(['citation_publication_date', '2025/03']);
    expect(meta).toContainEqual(['citation_pdf_url', ctx.pdfUrl]);
  });

  it('formats APA with family names and initials', () => {
    expect(apaCitation(publication, ctx)).toBe(
      `Chen, M., & Fischer, L. (2025, March). The State of AI Governance 2025 [Report]. Meridian Institute. ${ctx.url}`,
    );
  });

  it('escapes BibTeX specials so any title parses', () => {
    const entry = bibtex({ ...publication, title: '50% of {AI} & you_too' }, ctx);
    expect(entry).toContain('title = {50\\% of \\{AI\\} \\& you\\_too}');
    expect(entry.startsWith('@techreport{the-state-of-ai-governance-2025,')).toBe(true);
  });

  it('writes RIS records with CRLF lines, ending in ER', () => {
    const text = ris(publication, ctx);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('TY  - RPRT');
    expect(lines).toContain('AU  - Chen, Mei');
    expect(lines).toContain('PY  - 2025');
    expect(lines.at(-2)).toBe('ER  -');
  });
});
