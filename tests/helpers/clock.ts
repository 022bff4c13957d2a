import { vi } from 'vitest';

/**
 * The clock the site's code reads, moved by the test. API tests run the functions in their own
 * process, so a faked Date reaches the server code too; timers, sockets and Blobs I/O stay real.
 *
 * From the first `advanceClock` on, the clock stands still between calls: two records written
 * after one call share a millisecond, and one written after the next call is newer, on any machine.
 */

/** The latest time the test moved the clock to. */
let movedTo = 0;

/** Moves the clock forward by `ms` (from the real time, the first time in a test). */
export function advanceClock(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
  movedTo = Date.now();
}

/** Sets the clock to `at`, e.g. past a scheduled time (the next test gets the real time back). */
export function setClock(at: number): void {
  vi.setSystemTime(at);
}

/**
 * Gives the clock back, once real time has passed the time `advanceClock` moved it to, so the
 * next test never writes a record older than one already written. Done after every API test
 * (tests/helpers/api-setup.ts); a beforeAll that moved the clock calls it itself.
 */
export async function restoreClock(): Promise<void> {
  vi.useRealTimers();
  const ahead = movedTo - Date.now();
  movedTo = 0;
  if (ahead >= 0) await new Promise((resolve) => setTimeout(resolve, ahead + 1));
}
