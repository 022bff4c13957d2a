import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../schemas/notifications';
import { afterResponse } from '../http/invocation';
import { mailSetup } from './mail-setup';
import { createJSON, openStore, STORES } from '../storage/store';

/*
 * Notifications to the team, batched per kind in fixed 15-minute windows. Whatever happens (one
 * contact message or a spam wave of thousands), a request writes at most one small marker,
 * `notify/<kind>/<window start>` in the mail store, with an etag-guarded create: the first event
 * of a window creates it, every later one finds it there and writes nothing. The scheduled
 * function `notify-digest` sends one email per kind and window once the window is over, counting
 * from the records' own indexes (workflows/notify-digest.ts), and removes the marker. Who receives what is
 * in notify-settings.ts. Kept apart from both, so a public request loads only this.
 */
export const WINDOW_MS = 15 * 60_000;
const MARKER_PREFIX = 'notify/';

export const markerSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  windowStart: z.number().int(),
  claimedUntil: z.number().int().optional(),
});
const markerKey = (kind: NotificationKind, windowStart: number) =>
  `${MARKER_PREFIX}${kind}/${String(windowStart).padStart(13, '0')}`;
export const MARKERS = MARKER_PREFIX;
const windowOf = (ms: number) => Math.floor(ms / WINDOW_MS) * WINDOW_MS;

// Markers this warm instance already knows exist: a burst served by one instance makes one call.
const known = new Set<string>();

/**
 * Notes that something the team hears about happened at `at` (the record's own time, so the
 * digest that counts records by time counts this one in the same window). Runs after the
 * response and never throws at the caller: a notification must not slow or break the request.
 */
export function noteEvent(kind: NotificationKind, at: string | number = Date.now()): void {
  if (mailSetup().mode === 'off') return;
  const windowStart = windowOf(typeof at === 'number' ? at : Date.parse(at));
  const key = markerKey(kind, windowStart);
  if (known.has(key)) return;
  afterResponse(`Noting a ${kind} notification`, async () => {
    await createJSON(openStore(STORES.mail), key, markerSchema, { kind, windowStart });
    if (known.size > 100) known.clear();
    known.add(key);
  });
}
