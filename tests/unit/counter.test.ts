import { describe, expect, it } from 'vitest';
import {
  counterDuration,
  counterText,
  easeOut,
  formatCounter,
  parseCounterValue,
} from '../../src/lib/counter';

describe('parseCounterValue', () => {
  it('splits digits from a suffix', () => {
    expect(parseCounterValue('95%')).toEqual({
      prefix: '',
      target: 95,
      suffix: '%',
      decimals: 0,
      grouped: false,
    });
    expect(parseCounterValue('50+')).toEqual({
      prefix: '',
      target: 50,
      suffix: '+',
      decimals: 0,
      grouped: false,
    });
  });
  it('keeps thousands separators', () => {
    expect(parseCounterValue('10,000+')).toEqual({
      prefix: '',
      target: 10000,
      suffix: '+',
      decimals: 0,
      grouped: true,
    });
  });
  it('keeps decimals and a prefix', () => {
    expect(parseCounterValue('$1.5M')).toEqual({
      prefix: '$',
      target: 1.5,
      suffix: 'M',
      decimals: 1,
      grouped: false,
    });
  });
  it('returns null for values without digits', () => {
    expect(parseCounterValue('Global')).toBeNull();
    expect(parseCounterValue('')).toBeNull();
  });
  it('leaves a trailing comma in the text', () => {
    expect(parseCounterValue('12, worldwide')).toMatchObject({ target: 12, suffix: ', worldwide' });
  });
});

describe('formatCounter and counterText', () => {
  it('formats intermediate numbers in the shape of the value', () => {
    const v = parseCounterValue('10,000+')!;
    expect(formatCounter(v, 2500)).toBe('2,500+');
    expect(formatCounter(v, 0)).toBe('0+');
    expect(formatCounter(parseCounterValue('1.5k')!, 0.75)).toBe('0.8k');
  });
  it('starts at zero and ends exactly on the value', () => {
    expect(counterText('95%', 0, 2000)).toBe('0%');
    expect(counterText('95%', 2000, 2000)).toBe('95%');
    expect(counterText('10,000+', 5000, 2000)).toBe('10,000+');
  });
  it('eases out: more than half way at half time', () => {
    const mid = Number(counterText('100', 1000, 2000));
    expect(mid).toBeGreaterThan(50);
    expect(mid).toBeLessThan(100);
    expect(counterText('10,000+', 1000, 2000)).toMatch(/^\d{1,2},\d{3}\+$/);
  });
  it('shows a value without digits as is at every moment', () => {
    expect(counterText('Global', 0, 2000)).toBe('Global');
    expect(counterText('Global', 1000, 2000)).toBe('Global');
  });
});

describe('timing', () => {
  it('lasts 2000 ms plus 200 ms per index', () => {
    expect(counterDuration(0)).toBe(2000);
    expect(counterDuration(3)).toBe(2600);
  });
  it('eases from 0 to 1 monotonically', () => {
    expect(easeOut(0)).toBe(0);
    expect(easeOut(1)).toBe(1);
    expect(easeOut(2)).toBe(1);
    let last = -1;
    for (let t = 0; t <= 1; t += 0.05) {
      expect(easeOut(t)).toBeGreaterThanOrEqual(last);
      last = easeOut(t);
    }
  });
});
