/**
 * A short fingerprint of a team list as /team shows it: the cards' fields, in display order.
 * The build writes it beside the list, and a stale page compares it with the re-read list's, so
 * the code that renders cards in the browser loads only when what is shown has changed.
 */
import { byOrder } from '../schemas/order';

/** The fields a card shows (MemberCard); a missing field and an empty one show the same. */
const SHOWN = [
  'id',
  'slug',
  'name',
  'honorific',
  'position',
  'bio',
  'image',
  'linkedin',
  'twitter',
  'email',
] as const;

type Shown = Partial<Record<(typeof SHOWN)[number], string | null>> & {
  order?: number | null;
  createdAt?: string;
};

/** The list's fingerprint (FNV-1a over its shown fields), sorted as the page sorts it. */
export function teamListKey(members: readonly Shown[]): string {
  const text = JSON.stringify(
    members
      .slice()
      .sort(byOrder)
      .map((m) => SHOWN.map((field) => m[field] || '')),
  );
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${text.length.toString(36)}-${(hash >>> 0).toString(36)}`;
}
