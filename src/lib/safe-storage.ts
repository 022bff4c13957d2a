/**
 * localStorage and sessionStorage that never throw. Browsers refuse storage in private modes,
 * when it is disabled, or when the quota is full; everything the site keeps there (drafts, the
 * popup marker, a pending scroll, a toast for the next page) is best effort, so a refusal reads
 * as "nothing stored" and a write that cannot happen is skipped.
 */
export interface SafeStorage {
  get(key: string): string | null;
  /** False when the value could not be stored. */
  set(key: string, value: string): boolean;
  remove(key: string): void;
}

function safe(pick: () => Storage): SafeStorage {
  return {
    get(key) {
      try {
        return pick().getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        pick().setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        pick().removeItem(key);
      } catch {
        // Nothing can be stored, so nothing is left behind either.
      }
    },
  };
}

export const local = safe(() => window.localStorage);
export const session = safe(() => window.sessionStorage);
