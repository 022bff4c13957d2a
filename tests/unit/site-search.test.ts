/**
 * Search results link the addresses the site links (no trailing slash), with a section's
 * `#heading-id` kept: Pagefind names a page after its folder (`/team/marcus-chen/`).
 */
import { describe, expect, it } from 'vitest';
import { pagePath } from '../../src/lib/site-search';

describe('pagePath', () => {
  it('drops the folder slash of a page and of a section, and keeps the home page /', () => {
    expect(pagePath('/team/marcus-chen/')).toBe('/team/marcus-chen');
    expect(pagePath('/publications/a-report/#section-what-worked')).toBe(
      '/publications/a-report#section-what-worked',
    );
    expect(pagePath('/')).toBe('/');
    expect(pagePath('/privacy')).toBe('/privacy');
  });
});
