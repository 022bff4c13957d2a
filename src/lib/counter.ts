/**
 * Impact-stat counters: a value such as '10,000+' counts its digits up while the
 * non-digit parts stay in place; a value without digits ('Global') is shown as is.
 */

/** A stat value split into the number that counts up and the text around it. */
export interface CounterValue {
  prefix: string;
  target: number;
  suffix: string;
  decimals: number;
  /** Whether the value was written with thousands separators ('10,000'), kept while counting. */
  grouped: boolean;
}

/** Counter timing: 2000 ms plus 200 ms per stat, so the row finishes in a gentle cascade. */
export const counterDuration = (index: number): number => 2000 + 200 * index;

/** The share of a stat that must be visible before it starts counting. */
export const COUNTER_THRESHOLD = 0.3;

/** Cubic ease-out: fast start, soft landing. */
export const easeOut = (t: number): number => 1 - (1 - Math.min(Math.max(t, 0), 1)) ** 3;

/** Splits a stat value; null when it holds no digits (then it is displayed unchanged). */
export function parseCounterValue(value: string): CounterValue | null {
  const match = /\d[\d,]*(?:\.\d+)?/.exec(value);
  if (!match) return null;
  const digits = match[0].replace(/,+$/, ''); // a trailing comma belongs to the text, not the number
  const decimals = digits.includes('.') ? digits.split('.')[1]!.length : 0;
  return {
    prefix: value.slice(0, match.index),
    target: Number(digits.replace(/,/g, '')),
    suffix: value.slice(match.index + digits.length),
    decimals,
    grouped: digits.includes(','),
  };
}

/** The displayed text for the number `n` in the shape of the original value. */
export function formatCounter(value: CounterValue, n: number): string {
  const number = n.toLocaleString('en-US', {
    minimumFractionDigits: value.decimals,
    maximumFractionDigits: value.decimals,
    useGrouping: value.grouped,
  });
  return `${value.prefix}${number}${value.suffix}`;
}

/** The text to show `elapsed` ms into a count of `duration` ms (the final value once done). */
export function counterText(raw: string, elapsed: number, duration: number): string {
  const value = parseCounterValue(raw);
  if (!value) return raw;
  if (elapsed >= duration) return raw;
  const scale = 10 ** value.decimals;
  const n = Math.round(value.target * easeOut(elapsed / duration) * scale) / scale;
  return formatCounter(value, n);
}
