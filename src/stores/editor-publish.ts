import { atom } from 'nanostores';
import { apiRequest } from '../lib/api';
import type { PublishState as PublishInfo } from '../schemas/publish-state';

/** What the editor's status pill shows: nothing yet, a fresh save, a build on its way, live or failed. */
export type PublishPillState =
  | { phase: 'hidden' }
  | { phase: 'saved' }
  | { phase: 'publishing' }
  | { phase: 'live'; lastBuildAt: string | null }
  | { phase: 'failed'; error: string };

/** The inline editor's publish status (admins in edit mode only). */
export const $editorPublish = atom<PublishPillState>({ phase: 'hidden' });

const POLL_MS = 2000;
const FAILED_POLL_MS = 10_000;
// 'Saved' stays readable for a moment before the first poll replaces it.
const SAVED_HOLD_MS = 800;
let timer: ReturnType<typeof setTimeout> | null = null;
let active = false;
// Bumped by every save: an answer to a poll started before the save is out of date.
let generation = 0;

function later(ms: number): void {
  if (timer) clearTimeout(timer);
  timer = active ? setTimeout(() => void poll(), ms) : null;
}

async function poll(): Promise<void> {
  timer = null;
  const asked = generation;
  let info: PublishInfo;
  try {
    info = await apiRequest<PublishInfo>('GET', '/api/admin/publish');
  } catch {
    // Unknown state: keep what the pill shows (a 'Saved' stays true) and do not poll on.
    return;
  }
  if (!active || asked !== generation) return;
  if (info.state === 'queued' || info.state === 'building') {
    $editorPublish.set({ phase: 'publishing' });
    later(POLL_MS);
  } else if (info.state === 'failed') {
    $editorPublish.set({ phase: 'failed', error: info.lastError || 'The site could not be rebuilt.' });
    // A later save (by anyone) starts a new build: look again now and then to see it recover.
    later(FAILED_POLL_MS);
  } else {
    $editorPublish.set({ phase: 'live', lastBuildAt: info.lastBuildAt });
  }
}

/** Starts showing the publish state (called once edit mode has an admin). */
export function watchPublish(): void {
  active = true;
  void poll();
}

/** After a save: shows 'Saved', then follows the rebuild until it is live (or failed). */
export function noteSaved(): void {
  generation++;
  $editorPublish.set({ phase: 'saved' });
  later(SAVED_HOLD_MS);
}

/** Stops polling and hides the pill (edit mode off). */
export function stopPublishWatch(): void {
  active = false;
  later(0);
  $editorPublish.set({ phase: 'hidden' });
}
