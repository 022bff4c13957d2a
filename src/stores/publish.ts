import { atom, computed, onMount } from 'nanostores';
import { apiRequest, errorMessage, mutate } from '../lib/api';
import type { PublishState } from '../schemas/publish-state';
import { isProposalAck } from '../schemas/proposal';

/**
 * The site's publish state (GET /api/admin/publish), one store for the admin header, the
 * dashboard and the inline editor's pill; null until first read. While anything shows it, one
 * poller follows it: every 2 s while a build is queued or running, every 10 s after a failed
 * build (a later save by anyone starts a new one), not at all while live.
 */
export const $publish = atom<PublishState | null>(null);

/** True from a content change until the first publish state read after it. */
const $justSaved = atom(false);

const POLL_MS = 2000;
const FAILED_POLL_MS = 10_000;
// 'Saved' stays readable for a moment before the first read after a change replaces it.
const SAVED_HOLD_MS = 800;
let timer: ReturnType<typeof setTimeout> | null = null;
let watching = false;
// Bumped by every change: an answer to a read started before the change is out of date.
let generation = 0;

function later(ms: number | null): void {
  if (timer) clearTimeout(timer);
  timer = watching && ms !== null ? setTimeout(() => void refreshPublish(), ms) : null;
}

const nextPoll = (info: PublishState | null) =>
  info?.state === 'queued' || info?.state === 'building'
    ? POLL_MS
    : info?.state === 'failed'
      ? FAILED_POLL_MS
      : null;

/** Re-reads the publish state now (and keeps following it as above). */
export async function refreshPublish(): Promise<PublishState | null> {
  const asked = generation;
  try {
    const info = await apiRequest<PublishState>('GET', '/api/admin/publish');
    // A change since this read was asked for: its own read follows.
    if (asked !== generation) return $publish.get();
    $justSaved.set(false);
    $publish.set(info);
  } catch {
    // Unknown state: everything keeps what it shows (a 'Saved' stays true).
    if (asked !== generation) return $publish.get();
  }
  later(nextPoll($publish.get()));
  return $publish.get();
}

/** After content changed (by any save): shows 'Saved', then follows the rebuild it queued. */
export function noteChanged(): void {
  generation++;
  $justSaved.set(true);
  later(SAVED_HOLD_MS);
}

/**
 * The one way the admin changes published content: sends the change and, once it landed,
 * follows the rebuild it queued. Failures are thrown for the caller to show.
 */
export async function saveContent<T>(
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  const result = await mutate<T>(method, url, body);
  // A save kept for review changed nothing on the site: no rebuild to follow.
  if (!isProposalAck(result)) noteChanged();
  return result;
}

/**
 * Asks for a rebuild now (POST /api/admin/publish). Answers null when the rebuild was asked
 * for, or the reason it was not; the caller tells the user (stores show no UI).
 */
export async function publishNow(): Promise<string | null> {
  let failure: string | null = null;
  try {
    const info = await mutate<PublishState | null>('POST', '/api/admin/publish');
    if (info && typeof info === 'object' && 'state' in info) $publish.set(info);
  } catch (error) {
    failure = errorMessage(error, 'The site could not be rebuilt.');
  }
  await refreshPublish();
  return failure;
}

onMount($publish, () => {
  watching = true;
  void refreshPublish();
  return () => {
    watching = false;
    later(null);
    $justSaved.set(false);
  };
});

/** What the editor's status pill shows: nothing yet, a fresh save, a build on its way, live or failed. */
export type PublishPillState =
  | { phase: 'hidden' }
  | { phase: 'saved' }
  | { phase: 'publishing' }
  | { phase: 'live'; lastBuildAt: string | null }
  | { phase: 'failed'; error: string };

/** The inline editor's pill: a view of the publish state (showing it starts the poller). */
export const $publishPill = computed([$publish, $justSaved], (info, saved): PublishPillState => {
  if (saved) return { phase: 'saved' };
  if (!info) return { phase: 'hidden' };
  if (info.state === 'queued' || info.state === 'building') return { phase: 'publishing' };
  if (info.state === 'failed')
    return { phase: 'failed', error: info.lastError || 'The site could not be rebuilt.' };
  return { phase: 'live', lastBuildAt: info.lastBuildAt };
});
