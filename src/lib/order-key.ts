/**
 * Order keys: strings whose plain (code unit) order is the display order of a collection, so one
 * item moves by taking a key between its new neighbours and no other item is renumbered.
 *
 * A key is base-62 digits ('0'-'9', 'A'-'Z', 'a'-'z', in that code-unit order) read as a fraction
 * after the point, never ending in '0': then there is always room before any key. Keys handed out
 * in sequence (a seed, a migration, an item added first or last) are fixed-width "whole" numbers
 * STEP apart, so adding items at either end never lengthens them; only moves between two close
 * neighbours add digits, about one per six moves into the same gap.
 */

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = DIGITS.length;
/** Digits of a key handed out in sequence: 62^8 (about 2·10^14) stays an exact JS number. */
const WIDTH = 8;
const SPACE = BASE ** WIDTH;
/** Gap between keys handed out in sequence: room for 238,328 items between two neighbours. */
const STEP = BASE ** 3;
/** The first key of a collection: the middle, so hundreds of millions fit before and after it. */
const MIDDLE = Math.floor(SPACE / 2 / STEP) * STEP;

const digitOf = (c: string | undefined): number => (c === undefined ? 0 : DIGITS.indexOf(c));

/** Whether `key` is a well-formed order key. */
export const isOrderKey = (key: string): boolean =>
  /^[0-9A-Za-z]{1,1000}$/.test(key) && !key.endsWith('0');

/** The fixed-width number `n` as a key, trailing zeros dropped (they would leave no room before). */
function encode(n: number): string {
  let out = '';
  for (let i = 0; i < WIDTH; i++) {
    out = DIGITS[n % BASE] + out;
    n = Math.floor(n / BASE);
  }
  return out.replace(/0+$/, '');
}

/** The first WIDTH digits of a key as a number (missing digits read as 0). */
function head(key: string): number {
  let n = 0;
  for (let i = 0; i < WIDTH; i++) n = n * BASE + digitOf(key[i]);
  return n;
}

/** A key strictly between `a` ('' = the start) and `b` (null = the end); a < b. */
function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    // Keep the shared prefix (a read with trailing zeros), then split where they differ.
    let n = 0;
    while ((a[n] ?? '0') === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const low = digitOf(a[0]);
  const high = b === null ? BASE : digitOf(b[0]);
  if (high - low > 1) return DIGITS[Math.round((low + high) / 2)]!;
  // Neighbouring first digits: b's first digit alone lies between them when b goes on.
  if (b !== null && b.length > 1) return b[0]!;
  return DIGITS[low]! + midpoint(a.slice(1), null);
}

/**
 * A key that sorts after `before` and before `after` (null: no neighbour on that side). Throws
 * when the two are not in order, which would mean the caller read its neighbours wrong.
 */
export function keyBetween(before: string | null, after: string | null): string {
  if (before !== null && after !== null && before >= after)
    throw new Error(`Order keys out of order: ${before} >= ${after}`);
  if (before === null && after === null) return encode(MIDDLE);
  // At either end, step a whole STEP while there is room, so the key stays short.
  if (before === null && head(after!) >= 2 * STEP) return encode(head(after!) - STEP);
  if (after === null && head(before!) + STEP < SPACE) {
    const next = encode(head(before!) + STEP);
    if (next > before!) return next;
  }
  return midpoint(before ?? '', after);
}

/** `count` keys in order, for a collection laid out afresh (a seed, a migration, a full reorder). */
export function keysInOrder(count: number): string[] {
  const first = MIDDLE - Math.floor(count / 2) * STEP;
  return Array.from({ length: count }, (_, n) => encode(first + n * STEP));
}
