/**
 * The Crossref deposit file: valid against Crossref's published schema 5.3.1 (xmllint, with the
 * schema in tests/fixtures/crossref-schema), also at the limits of what the API accepts, and read
 * back with a maintained XML parser for what it says.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { crossrefDeposit, depositTimestamp } from '../../src/lib/crossref-deposit';
import { validateCrossref } from '../helpers/crossref-schema';

const at = new Date(Date.UTC(2025, 2, 18, 9, 30, 5));
const xml = crossrefDeposit(
  {
    title: 'Rules & Reality: <AI> Governance',
    authors: [{ name: 'Lena Fischer', orcid: '0000-0002-1825-0097' }, { name: 'Okafor, Ada' }],
    date: { year: 2025, month: 3, day: 18 },
    doi: '10.5555/meridian.2025.001',
    url: 'https://example.org/publications/rules-and-reality',
    seriesNumber: '7',
  },
  { name: 'Meridian Institute', email: 'hello@example.org', at },
);

describe('Crossref deposit', () => {
  it("validates against Crossref's schema 5.3.1, also at the limits of what the API accepts", async () => {
    const longest = `10.5555/${'a'.repeat(200)}`;
    const edge = crossrefDeposit(
      {
        title: 'Year only, no series',
        authors: [
          { name: 'Panel 7 of 2024 Reviewers' },
          { name: `${'Ö'.repeat(61)} Lee`, orcid: '0000-0002-1825-0097' },
          { name: { given: 'Ada', family: 'Okafor' }, orcid: '0000-0002-1825-0097' },
        ],
        date: { year: 2025 },
        doi: longest,
        url: 'https://example.org/publications/edge',
      },
      { name: 'Meridian Institute', email: 'hello@example.org', at },
    );
    expect(await validateCrossref(xml, edge)).toEqual({ valid: true, errors: [] });
    // Names Crossref refuses as a person's are credited as written, never dropped.
    const meta = new XMLParser({ ignoreAttributes: false }).parse(edge).doi_batch.body[
      'report-paper'
    ]['report-paper_metadata'];
    expect(meta.contributors.organization.map((o: { '#text': string }) => o['#text'])).toEqual([
      'Panel 7 of 2024 Reviewers',
      `${'Ö'.repeat(61)} Lee`,
    ]);
    expect(meta.contributors.person_name.surname).toBe('Okafor');
  }, 30_000); // xmllint reads the whole schema (its JATS part is large): seconds on a busy machine

  it('has the head and report-paper body schema 5.3.1 asks for, in its order', () => {
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml);
    const batch = doc.doi_batch;
    expect(batch['@_xmlns']).toBe('http://www.crossref.org/schema/5.3.1');
    expect(batch['@_version']).toBe('5.3.1');
    expect(batch.head).toEqual({
      doi_batch_id: `10.5555-meridian.2025.001-${depositTimestamp(at)}`,
      timestamp: '20250318093005',
      depositor: { depositor_name: 'Meridian Institute', email_address: 'hello@example.org' },
      registrant: 'Meridian Institute',
    });
    const meta = batch.body['report-paper']['report-paper_metadata'];
    expect(Object.keys(meta).filter((k) => !k.startsWith('@_'))).toEqual([
      'contributors',
      'titles',
      'publication_date',
      'institution',
      'publisher_item',
      'doi_data',
    ]);
    expect(meta.contributors.person_name).toEqual([
      {
        '@_sequence': 'first',
        '@_contributor_role': 'author',
        given_name: 'Lena',
        surname: 'Fischer',
        ORCID: 'https://orcid.org/0000-0002-1825-0097',
      },
      {
        '@_sequence': 'additional',
        '@_contributor_role': 'author',
        given_name: 'Ada',
        surname: 'Okafor',
      },
    ]);
    expect(meta.titles.title).toBe('Rules & Reality: <AI> Governance');
    expect(meta.publication_date).toMatchObject({ month: '03', day: '18', year: '2025' });
    expect(meta.institution.institution_name).toBe('Meridian Institute');
    expect(meta.publisher_item.item_number['#text']).toBe('7');
    expect(meta.doi_data).toEqual({
      doi: '10.5555/meridian.2025.001',
      resource: 'https://example.org/publications/rules-and-reality',
    });
  });
});
