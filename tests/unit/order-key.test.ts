import { describe, expect, it } from 'vitest';
import { isOrderKey, keyBetween, keysInOrder } from '../../src/lib/order-key';

/** A small seeded generator, so a failing sequence can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('order keys', () => {
  it('hands out keys in sequence that sort in order, short and well formed', () => {
    const keys = keysInOrder(10_000);
    expect(keys.slice().sort()).toEqual(keys);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of keys) expect(isOrderKey(k), k).toBe(true);
    expect(Math.max(...keys.map((k) => k.length))).toBeLessThanOrEqual(8);
  });

  it('adds 100,000 items first, or last, without lengthening the keys', () => {
    let first = keyBetween(null, null);
    let last = first;
    for (let n = 0; n < 100_000; n++) {
      const before = keyBetween(null, first);
      const after = keyBetween(last, null);
      expect(before < first && after > last).toBe(true);
      first = before;
      last = after;
    }
    expect(first.length).toBeLessThanOrEqual(8);
    expect(last.length).toBeLessThanOrEqual(8);
  });

  it('finds a key between any two neighbours, over thousands of random moves (property)', () => {
    const next = random(Number(process.env.FUZZ_SEED ?? 7));
    const keys = keysInOrder(50);
    for (let step = 0; step < 5_000; step++) {
      // Take one item out and put it back at a random place: only its own key changes.
      const from = Math.floor(next() * keys.length);
      keys.splice(from, 1);
      const at = Math.floor(next() * (keys.length + 1));
      const key = keyBetween(keys[at - 1] ?? null, keys[at] ?? null);
      expect(isOrderKey(key), key).toBe(true);
      keys.splice(at, 0, key);
      expect(keys[at - 1] === undefined || keys[at - 1]! < key).toBe(true);
      expect(keys[at + 1] === undefined || key < keys[at + 1]!).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.slice().sort()).toEqual(keys);
  });

  it('keeps making room when one gap is split again and again', () => {
    let low = 'V';
    const high = 'W';
    for (let n = 0; n < 500; n++) {
      const mid = keyBetween(low, high);
      expect(low < mid && mid < high, `${low} ${mid} ${high}`).toBe(true);
      low = mid;
    }
    // About one digit per six halvings.
    expect(low.length).toBeLessThan(120);
  });

  it('refuses neighbours given out of order', () => {
    expect(() => keyBetween('b', 'a')).toThrow(/out of order/);
    expect(() => keyBetween('a', 'a')).toThrow(/out of order/);
  });
});
