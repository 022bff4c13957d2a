import { atom, onMount } from 'nanostores';
import { apiRequest, errorMessage, mutate } from '../lib/api';
import type { PublishState as PublishInfo } from '../schemas/publish-state';

/** What GET /api/admin/publish answers: one type, from the schema the server answers with. */
export type { PublishInfo };

/** The publish state shown in the admin header and dashboard; null until first loaded. */
export const $publish = atom<PublishInfo | null>(null);

// Poll only while a build is pending: an idle admin makes no calls.
const POLL_MS = 3000;
let timer: ReturnType<typeof setTimeout> | null = null;
let watching = false;

function schedule(info: PublishInfo | null): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (watching && info && (info.state === 'queued' || info.state === 'building')) {
    timer = setTimeout(() => void refreshPublish(), POLL_MS);
  }
}

/** Re-reads the publish state (and keeps polling while a build is queued or running). */
export async function refreshPublish(): Promise<PublishInfo | null> {
  try {
    const info = await apiRequest<PublishInfo>('GET', '/api/admin/publish');
    $publish.set(info);
  } catch {
    // The badge keeps its last known state; the next save or poll tries again.
  }
  schedule($publish.get());
  return $publish.get();
}

/**
 * Asks for a rebuild now (POST /api/admin/publish). Answers null when the rebuild was asked
 * for, or the reason it was not; the caller tells the user (stores show no UI).
 */
export async function publishNow(): Promise<string | null> {
  let failure: string | null = null;
  try {
    const info = await mutate<PublishInfo | null>('POST', '/api/admin/publish');
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
    schedule(null);
  };
});
