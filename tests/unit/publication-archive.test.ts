import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_PAGE_SIZE,
  archivePageCount,
  archivePageUrl,
  archivePaths,
  publicationsOfType,
  publicationTypes,
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
    const pubs = [{ type: 'Report' }, { type: 'Guide' }, { type: 'report' }, { type: 'Policy Brief' }];
    expect(publicationTypes(pubs)).toEqual([
      { slug: 'guide', label: 'Guide', count: 1 },
      { slug: 'policy-brief', label: 'Policy Brief', count: 1 },
      { slug: 'report', label: 'Report', count: 2 },
    ]);
    expect(publicationsOfType(pubs, 'report')).toEqual([{ type: 'Report' }, { type: 'report' }]);
  });

  it('numbers pages from the bare path, and lists every page of every view for the sitemap', () => {
    expect(archivePageUrl(1)).toBe('/publications');
    expect(archivePageUrl(3)).toBe('/publications/3');
    expect(archivePageUrl(1, 'guide')).toBe('/publications/type/guide');
    expect(archivePageUrl(2, 'guide')).toBe('/publications/type/guide/2');
    expect(archivePageCount(0)).toBe(1);
    expect(archivePageCount(ARCHIVE_PAGE_SIZE)).toBe(1);
    expect(archivePageCount(ARCHIVE_PAGE_SIZE + 1)).toBe(2);
    const pubs = [...Array(ARCHIVE_PAGE_SIZE + 1).fill({ type: 'Report' }), { type: 'Guide' }];
    expect(archivePaths(pubs)).toEqual(['/publications', '/publications/2', '/publications/type/guide', '/publications/type/report', '/publications/type/report/2']);
    expect(archivePaths([])).toEqual(['/publications']);
  });
});
