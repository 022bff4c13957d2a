import { describe, expect, it } from 'vitest';
import {
  displayDate,
  publicationDate,
  publicationYear,
  sortNewestFirst,
} from '../../src/lib/publication-date';

const at = (createdAt: string) => ({ createdAt });

describe('a publication date', () => {
  it('is publishedOn when set, else read from the free text of older records', () => {
    expect(publicationDate({ publishedOn: '2025-03-14', date: 'Spring 2024' })).toEqual({
      year: 2025,
      month: 3,
      day: 14,
    });
    expect(publicationDate({ date: 'March 2025' })).toEqual({ year: 2025, month: 3 });
    expect(publicationDate({ publishedOn: '', date: 'Forthcoming' })).toBeNull();
  });

  it('shows the free text, or the publication date written out when there is none', () => {
    expect(displayDate({ publishedOn: '2025-03-14', date: 'Spring 2025' })).toBe('Spring 2025');
    expect(displayDate({ publishedOn: '2025-03-04', date: '' })).toBe('March 4, 2025');
    expect(displayDate({ date: '' })).toBe('');
  });

  it('files a record without any date under the year it was added', () => {
    expect(publicationYear({ date: 'Forthcoming', ...at('2023-05-01T10:00:00.000Z') })).toBe(
      '2023',
    );
    expect(publicationYear({ date: '14 March 2025' })).toBe('2025');
  });
});

describe('newest first', () => {
  it('sorts new and old records together by date, the admin order breaking ties', () => {
    const items = [
      { id: 'old-text', date: 'March 2024', order: 0, ...at('2024-03-01T00:00:00.000Z') },
      {
        id: 'new',
        publishedOn: '2025-01-02',
        date: '',
        order: 3,
        ...at('2025-01-02T00:00:00.000Z'),
      },
      { id: 'undated', date: 'Forthcoming', order: 1, ...at('2024-06-01T00:00:00.000Z') },
      {
        id: 'same-day-later-in-order',
        publishedOn: '2025-01-02',
        date: '',
        order: 4,
        ...at('2025-01-02T00:00:00.000Z'),
      },
      { id: 'year-only', date: '2024', order: 2, ...at('2024-12-01T00:00:00.000Z') },
    ];
    expect(sortNewestFirst(items).map((i) => i.id)).toEqual([
      'new',
      'same-day-later-in-order',
      'undated',
      'old-text',
      'year-only',
    ]);
  });
});
