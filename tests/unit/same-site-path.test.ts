import { describe, expect, it } from 'vitest';
import { sameSitePath } from '../../src/schemas/same-site-path';
import { siteSettingsPatchSchema } from '../../src/schemas/site-settings';

const ORIGIN = 'https://site.example';

describe('sameSitePath', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(sameSitePath('/?edit=true', ORIGIN)).toBe('/?edit=true');
    expect(sameSitePath('/admin/team#top', ORIGIN)).toBe('/admin/team#top');
  });

  // Each of these is something a browser would take off-site (the URL parser drops tab and
  // newlines and reads a backslash as a slash), or is not a site path at all.
  it.each([
    '/\t/evil.example',
    // Paths that only resolve to '//host' (or an encoded slash or backslash) after dot segments.
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E%2E//evil.example',
    '/a/..//evil.example',
    '/./%5Cevil.example',
    '/./%2Fevil.example',
    '/.//evil.example/?edit=true',
    '/\n/evil.example',
    '/\r/evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '/\t\\evil.example',
    ' //evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'evil.example',
    '',
  ])('refuses %j', (value) => {
    expect(sameSitePath(value, ORIGIN)).toBeNull();
  });
});

describe('settings links use the same rule', () => {
  it('refuses a hero button link that a browser resolves off-site', () => {
    for (const link of ['/\\evil.example', '//evil.example', '/\\/evil.example']) {
      const result = siteSettingsPatchSchema.safeParse({ heroButton1Link: link });
      expect(result.success, link).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/web address|site path/);
    }
  });

  it('still accepts site paths, anchors and web addresses', () => {
    for (const link of ['/publications', '#contact', 'https://example.org/page', '']) {
      expect(siteSettingsPatchSchema.safeParse({ heroButton1Link: link }).success, link).toBe(true);
    }
  });
});
