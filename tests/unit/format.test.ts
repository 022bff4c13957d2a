import { describe, expect, it } from 'vitest';
import { cutText, memberInitials, PUBLICATION_CUTOFF, telHref } from '../../src/lib/format';

describe('cutText (publication descriptions)', () => {
  it('keeps texts of up to 120 characters whole', () => {
    const exact = 'x'.repeat(PUBLICATION_CUTOFF);
    expect(cutText(exact)).toEqual({ text: exact, cut: false });
    expect(cutText('Short.')).toEqual({ text: 'Short.', cut: false });
  });
  it("cuts longer texts at 120 characters with '...'", () => {
    const long = 'a'.repeat(130);
    expect(cutText(long)).toEqual({ text: `${'a'.repeat(120)}...`, cut: true });
  });
  it('does not leave a space before the dots', () => {
    const long = `${'a'.repeat(119)} ${'b'.repeat(20)}`;
    expect(cutText(long).text).toBe(`${'a'.repeat(119)}...`);
  });
});

describe('member initials and phone links', () => {
  it('takes first and last name, skipping titles', () => {
    expect(memberInitials('Dr. Amara Okafor')).toBe('AO');
    expect(memberInitials('Lena Fischer')).toBe('LF');
    expect(memberInitials('plato')).toBe('P');
  });
  it('builds a tel: address', () => {
    expect(telHref('+44 (0)20 7946 0958')).toBe('tel:+442079460958');
    expect(telHref('020 7946 0958')).toBe('tel:02079460958');
  });
});
