import { describe, expect, it } from 'vitest';
import { youtubeEmbedUrl, youtubeId, youtubeThumbnails } from '../../src/lib/youtube';

describe('youtubeId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=10', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['  https://www.youtube.com/watch?v=a-b_c123456  ', 'a-b_c123456'],
  ])('%s → %s', (url, id) => {
    expect(youtubeId(url)).toBe(id);
  });

  it.each([
    '',
    '   ',
    'not a url',
    'https://vimeo.com/12345678901',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/UC123',
    'javascript:alert(1)',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/',
  ])('rejects %j', (url) => {
    expect(youtubeId(url)).toBeNull();
  });

  it('handles null and undefined', () => {
    expect(youtubeId(null)).toBeNull();
    expect(youtubeId(undefined)).toBeNull();
  });
});

describe('youtube addresses', () => {
  it('builds the thumbnails, max resolution first then hq', () => {
    expect(youtubeThumbnails('dQw4w9WgXcQ')).toEqual({
      maxres: 'https://img.youtube.com/vi/dQw4w9WgXcQ/maxresdefault.jpg',
      hq: 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    });
  });
  it('builds the embed address with autoplay, rel=0 and modestbranding', () => {
    const url = new URL(youtubeEmbedUrl('dQw4w9WgXcQ'));
    expect(url.origin + url.pathname).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(url.searchParams.get('autoplay')).toBe('1');
    expect(url.searchParams.get('rel')).toBe('0');
    expect(url.searchParams.get('modestbranding')).toBe('1');
  });
});
