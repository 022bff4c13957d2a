import { HttpError } from '../../http/errors';

/** A field's value as text: lists (authors, topics) as JSON, everything else as it reads. */
const asText = (v: unknown) =>
  v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v ?? '');

/** Whether two values of a field are the same as an editor sees them (a missing value reads as ''). */
export const sameField = (a: unknown, b: unknown) =>
  (typeof a === 'object' && a !== null) || (typeof b === 'object' && b !== null)
    ? asText(a) === asText(b)
    : (a ?? '') === (b ?? '');

/** 409 with the current values when a field changed since the editor loaded it. */
export function assertExpected(
  current: Record<string, unknown>,
  expected?: Record<string, unknown>,
) {
  if (!expected) return;
  const changed = Object.keys(expected).filter((k) => !sameField(current[k], expected[k]));
  if (changed.length) {
    throw new HttpError(
      409,
      'Someone else changed this since you started editing',
      Object.fromEntries(changed.map((k) => [k, asText(current[k])])),
    );
  }
}
