import { local } from '../../lib/safe-storage';

/** An unsaved inline edit kept in localStorage (best effort), so an accidental reload does not lose it. */
export interface Draft {
  value: string;
  /** The stored value the edit started from: sent as `_expected` when the draft is saved. */
  expected: string;
  savedAt: number;
}

const PREFIX = 'edit-draft:';
// A draft older than this is more likely abandoned than lost: it is not offered back.
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The draft kept for a field key, if any (expired or unreadable drafts are dropped). */
export function readDraft(key: string): Draft | null {
  const raw = local.get(PREFIX + key);
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<Draft>;
    if (
      typeof d.value === 'string' &&
      typeof d.expected === 'string' &&
      typeof d.savedAt === 'number'
    ) {
      if (Date.now() - d.savedAt < MAX_AGE_MS)
        return { value: d.value, expected: d.expected, savedAt: d.savedAt };
    }
  } catch {
    // fall through: a corrupt entry is removed below
  }
  clearDraft(key);
  return null;
}

/** Keeps the text being edited for a field key. */
export function writeDraft(key: string, value: string, expected: string): void {
  // Without storage (or room in it) the edit still works; it just would not survive a reload.
  local.set(PREFIX + key, JSON.stringify({ value, expected, savedAt: Date.now() } satisfies Draft));
}

/** Forgets the draft of a field key (after a save, a cancel or a discard). */
export function clearDraft(key: string): void {
  local.remove(PREFIX + key);
}
