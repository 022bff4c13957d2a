import { createHash } from 'node:crypto';
import { z } from 'zod';
import { blobCall, createJSON, deleteKey, openStore, STORES } from '../storage/store';
import type { Letter } from './mail-letter';
import { sendMail } from './mail-queue';

/*
 * Emails a person gets at most once for one thing: a notification window's digest. A run that
 * queued someone's digest and was cut off before it finished the window is run again, and a window
 * whose marker comes back (an event noted late) is digested again; neither may queue that person's
 * email twice. So a mark per thing and person, `once/<day>/<what>/<hash of the address>`, is made
 * (only if new) before the email is queued: whoever makes it queues, and a second try finds it and
 * queues nothing. A run cut off between the mark and the queue leaves that person without the
 * email rather than with two, which is what the admin is promised ("at most one email per kind
 * every 15 minutes"). Marks hold no address (a hash) and go after two days (`forgetOldOnceMarks`).
 */
const store = () => openStore(STORES.mail);
const ONCE = 'once/';
const markSchema = z.object({ at: z.string() });
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addressHash = (address: string) =>
  createHash('sha256').update(address.trim().toLowerCase()).digest('hex').slice(0, 32);

/**
 * Queues `letter` unless it was queued before for the same `what` (a window: `<kind>/<start ms>`)
 * and recipient; whether it queued it. `day` is the time the thing belongs to (the window's start),
 * which names the mark's folder, so a retry on another day still finds it.
 */
export async function sendMailOnce(
  letter: Letter,
  once: { what: string; day: number },
): Promise<boolean> {
  const key = `${ONCE}${dayOf(once.day)}/${once.what}/${addressHash(letter.to)}`;
  const first = await createJSON(store(), key, markSchema, { at: new Date().toISOString() });
  if (!first) return false;
  await sendMail(letter);
  return true;
}

/** A notification window's digest of one kind, as sendMailOnce names it. */
export const windowOnce = (kind: string, start: number) => ({
  what: `${kind}/${start}`,
  day: start,
});

/** Deletes the marks of days before yesterday (UTC): no window is digested that late. */
export async function forgetOldOnceMarks(now = Date.now()): Promise<number> {
  const keep = dayOf(now - 86_400_000);
  const { directories } = await blobCall('list email marks', () =>
    store().list({ prefix: ONCE, directories: true }),
  );
  let deleted = 0;
  // Folders come back as `once/<day>` (the local store and Netlify's alike, without a slash).
  const days = directories.map((d) => d.slice(ONCE.length).replace(/\/$/, ''));
  for (const day of days.filter((d) => d < keep)) {
    const { blobs } = await blobCall(`list ${ONCE}${day}`, () =>
      store().list({ prefix: `${ONCE}${day}/` }),
    );
    for (const { key } of blobs) await deleteKey(store(), key);
    deleted += blobs.length;
  }
  return deleted;
}
