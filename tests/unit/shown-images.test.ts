/**
 * What a page may show as an image: this site's own, and the two hosts the pages'
 * Content-Security-Policy allows. An image stored on another site (before saves brought images
 * onto this site) is shown as none, so the page uses its default image instead of a blocked
 * request, and the build's log says which record.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allowedImageSrc, shownImage } from '../../src/schemas/image-source';
import { withShownImages } from '../../src/server/content/render-checks';

afterEach(() => vi.restoreAllMocks());

describe('allowedImageSrc', () => {
  it.each([
    ['/api/uploads/abc.png', true],
    ['/images/research-default.svg', true],
    ['https://img.youtube.com/vi/abc/hqdefault.jpg', true],
    ['https://media.licdn.com/dms/image/v2/a.jpg', true],
    ['https://media-exp1.licdn.com/a.jpg', true],
    ['https://example.org/a.png', false],
    ['https://licdn.com.evil.example/a.png', false],
    ['https://evil-licdn.com/a.png', false],
    ['http://media.licdn.com/a.jpg', false],
    ['https://user@media.licdn.com/a.jpg', false],
    ['https://img.youtube.com:8443/a.jpg', false],
    ['//evil.example/a.png', false],
    ['/\\evil.example/a.png', false],
    ['data:image/png;base64,AAAA', false],
    ['javascript:alert(1)', false],
    ['#contact', false],
  ])('%s: %s', (src, allowed) => {
    expect(allowedImageSrc(src)).toBe(allowed);
    expect(shownImage(src)).toBe(allowed ? src : '');
  });
});

describe('withShownImages (the build)', () => {
  it('shows an image stored on another site as none, names it in the log, and keeps the rest', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const items = [
      { title: 'Old report', image: 'https://old-cdn.example/cover.jpg', body: 'kept' },
      { title: 'New report', image: '/api/uploads/abc.png', body: 'kept' },
      { title: 'No picture', image: '', body: 'kept' },
    ];
    const shown = withShownImages('publication', items, ['image'], (p) => p.title);
    expect(shown).toEqual([{ title: 'Old report', image: '', body: 'kept' }, items[1], items[2]]);
    expect(shown[1]).toBe(items[1]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(
      'publication "Old report" (image: https://old-cdn.example/cover.jpg is on another site',
    );
  });
});
