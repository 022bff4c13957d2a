import { describe, expect, it } from 'vitest';
import { byYear, type SitemapEntry } from '../../src/lib/sitemap-parts';
import { filterPartPath, narrowestPart, type FilterMeta } from '../../src/lib/archive-filter';
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

describe('sitemap parts', () => {
  it('groups by year, newest first, and cuts a year past 10,000 addresses into further parts', () => {
    const entries = (year: string, n: number): [string, SitemapEntry[]] => [
      year,
      Array.from({ length: n }, (_, i): SitemapEntry => [`/p/${year}-${i}`, `${year}-01-01`]),
    ];
    const parts = byYear('publications', [
      entries('2023', 3),
      entries('2025', 10_000 + 1),
      entries('', 1),
      entries('2025', 10_000),
    ]);
    expect(parts.map(([name, list]) => [name, list.length])).toEqual([
      ['publications-2025', 10_000],
      ['publications-2025-2', 10_000],
      ['publications-2025-3', 1],
      ['publications-2023', 3],
      ['publications-undated', 1],
    ]);
  });
});

describe('the archive filter index', () => {
  const meta: FilterMeta = {
    topic: [['safety', 'Safety']],
    type: [['report', 'Report']],
    counts: { topic: { safety: 40 }, type: { report: 900 }, year: { '2024': 120 } },
  };
  it('fetches the publications of the narrowest filter chosen, and none when nothing can match', () => {
    expect(narrowestPart(meta, { type: 'report', year: '2024' })).toEqual({
      kind: 'year',
      value: '2024',
      count: 120,
    });
    expect(narrowestPart(meta, { topic: 'safety', type: 'report', year: '2024' })?.value).toBe(
      'safety',
    );
    expect(narrowestPart(meta, { year: '1999', type: 'report' })).toEqual({
      kind: 'year',
      value: '1999',
      count: 0,
    });
    expect(narrowestPart(meta, {})).toBeNull();
    expect(filterPartPath('topic', 'safety')).toBe('/publications/filter-index/topic/safety.json');
  });
});
