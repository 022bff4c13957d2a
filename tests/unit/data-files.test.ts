import { describe, expect, it } from 'vitest';
import { csvRows } from '../../src/lib/csv-preview';
import { datasetJsonLd } from '../../src/lib/dataset-json-ld';
import { fileSize } from '../../src/lib/format';
import { dataFileSchema, parseDataFileUrl } from '../../src/schemas/data-file';

describe("a CSV's first rows", () => {
  it('reads quoted commas, doubled quotes, line breaks in quotes, CRLF and a byte-order mark', () => {
    const text = '\uFEFFname,note\r\n"Lee, A.","said ""yes"""\r\n"two\nlines",x\r\nlast,row';
    expect(csvRows(text, 10)).toEqual([
      ['name', 'note'],
      ['Lee, A.', 'said "yes"'],
      ['two\nlines', 'x'],
      ['last', 'row'],
    ]);
    expect(csvRows(text, 2)).toEqual([
      ['name', 'note'],
      ['Lee, A.', 'said "yes"'],
    ]);
  });
  it('leaves out a last row the start of a longer file cuts short', () => {
    expect(csvRows('a,b\n1,2\n3,', 5, false)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(csvRows('', 5)).toEqual([]);
  });
});

describe('data files on a publication', () => {
  it('name a /data/ upload and keep a dictionary', () => {
    const url = `/data/${'a'.repeat(32)}/scores.csv`;
    expect(parseDataFileUrl(url)).toEqual({
      id: 'a'.repeat(32),
      fileName: 'scores.csv',
      format: 'csv',
    });
    expect(parseDataFileUrl(`/data/${'a'.repeat(32)}/scores.txt`)).toBeNull();
    expect(dataFileSchema.parse({ url, title: 'Scores', columns: [{ name: 'score' }] })).toEqual({
      url,
      title: 'Scores',
      description: '',
      columns: [{ name: 'score', meaning: '', unit: '' }],
    });
    expect(dataFileSchema.safeParse({ url: '/pdf/x/a.pdf', title: 'Scores' }).success).toBe(false);
    expect(dataFileSchema.safeParse({ url, title: '' }).success).toBe(false);
  });
  it('show their size as readers read it', () => {
    expect([fileSize(1), fileSize(812), fileSize(12_595), fileSize(5_000_000)]).toEqual([
      '1 byte',
      '812 bytes',
      '12.3 KB',
      '4.8 MB',
    ]);
  });
  it('are schema.org Datasets with a download, the columns and the report they belong to', () => {
    const ld = datasetJsonLd(
      {
        name: 'Scores',
        description: '',
        contentUrl: 'https://example.org/data/x/scores.csv',
        encodingFormat: 'text/csv',
        bytes: 2048,
        columns: [{ name: 'score', meaning: 'Readiness', unit: 'points' }],
        creators: [],
        reportUrl: 'https://example.org/publications/r',
        license: 'https://creativecommons.org/licenses/by/4.0/',
      },
      { origin: 'https://example.org', name: 'Meridian' },
    );
    // Dataset search requires a name and a description (50 to 5,000 characters).
    expect(ld).toMatchObject({
      '@type': 'Dataset',
      name: 'Scores',
      isPartOf: { '@id': 'https://example.org/publications/r#publication' },
      creator: [{ '@type': 'Organization', name: 'Meridian' }],
      distribution: [
        {
          '@type': 'DataDownload',
          contentUrl: 'https://example.org/data/x/scores.csv',
          encodingFormat: 'text/csv',
          contentSize: '2048 B',
        },
      ],
      variableMeasured: [
        { '@type': 'PropertyValue', name: 'score', description: 'Readiness', unitText: 'points' },
      ],
    });
    expect((ld.description as string).length).toBeGreaterThanOrEqual(50);
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });
});
