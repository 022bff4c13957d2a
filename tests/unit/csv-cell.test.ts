import { describe, expect, it } from 'vitest';
import { safeCell } from '../../src/server/http/csv';

describe('safeCell (CSV formula injection, OWASP)', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'quotes %j so it stays text',
    (value) => {
      expect(safeCell(value)).toBe(`'${value}`);
    },
  );
  it('leaves ordinary text, numbers and empty cells alone', () => {
    expect(safeCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(safeCell(42)).toBe('42');
    expect(safeCell(null)).toBe('');
  });
});
