import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_PAGE_SIZE,
  archivePageCount,
  archivePageUrl,
  archivePaths,
  publicationsOfType,
  publicationsOfYear,
  publicationTypes,
  publicationYears,
  typeSlug,
} from '../../src/lib/publication-archive';

describe('publication archive addresses', () => {
  it('turns types into readable slugs; spelling variants share one, symbol-only types still get one', () => {
    expect(typeSlug('Policy Brief')).toBe('policy-brief');
    expect(typeSlug('  policy   brief! ')).toBe('policy-brief');
    expect(typeSlug('Études & Notes')).toBe('etudes-notes');
    expect(typeSlug('—')).toMatch(/^type-[0-9a-f]+$/);
    expect(typeSlug('—')).not.toBe(typeSlug('–'));
  });

  it('lists types alphabetically with counts, merging variants under the first spelling', () => {
    const pubs = [
      { type: 'Report' },
      { type: 'Guide' },
      { type: 'report' },
      { type: 'Policy Brief' },
    ];
    expect(publicationTypes(pubs)).toEqual([
      { kind: 'type', slug: 'guide', label: 'Guide', count: 1 },
      { kind: 'type', slug: 'policy-brief', label: 'Policy Brief', count: 1 },
      { kind: 'type', slug: 'report', label: 'Report', count: 2 },
    ]);
    expect(publicationsOfType(pubs, 'report')).toEqual([{ type: 'Report' }, { type: 'report' }]);
  });

  it('numbers pages from the bare path, and lists every page of every view for the sitemap', () => {
    expect(archivePageUrl(1)).toBe('/publications');
    expect(archivePageUrl(3)).toBe('/publications/3');
    expect(archivePageUrl(1, { type: 'guide' })).toBe('/publications/type/guide');
    expect(archivePageUrl(2, { type: 'guide' })).toBe('/publications/type/guide/2');
    expect(archivePageUrl(2, { topic: 'ai-safety' })).toBe('/publications/topic/ai-safety/2');
    expect(archivePageUrl(1, { year: '2025' })).toBe('/publications/year/2025');
    expect(archivePageCount(0)).toBe(1);
    expect(archivePageCount(ARCHIVE_PAGE_SIZE)).toBe(1);
    expect(archivePageCount(ARCHIVE_PAGE_SIZE + 1)).toBe(2);
    const pubs = [...Array(ARCHIVE_PAGE_SIZE + 1).fill({ type: 'Report' }), { type: 'Guide' }];
    const filters = [
      ...publicationTypes(pubs),
      { kind: 'topic' as const, slug: 'safety', label: 'Safety', count: 1 },
      { kind: 'year' as const, slug: '2025', label: '2025', count: 13 },
    ];
    expect(archivePaths(pubs.length, filters)).toEqual([
      '/publications',
      '/publications/2',
      '/publications/type/guide',
      '/publications/type/report',
      '/publications/type/report/2',
      '/publications/topic/safety',
      '/publications/year/2025',
      '/publications/year/2025/2',
    ]);
    expect(archivePaths(0, [])).toEqual(['/publications']);
  });

  it('files publications by year, newest year first, older records by their free-text date', () => {
    const pubs = [
      { date: 'March 2024' },
      { publishedOn: '2025-01-02', date: '' },
      { date: '2024' },
      { date: 'Forthcoming', createdAt: '2023-02-01T00:00:00.000Z' },
    ];
    expect(publicationYears(pubs).map((y) => [y.slug, y.count])).toEqual([
      ['2025', 1],
      ['2024', 2],
      ['2023', 1],
    ]);
    expect(publicationsOfYear(pubs, '2024')).toEqual([{ date: 'March 2024' }, { date: '2024' }]);
  });
});
