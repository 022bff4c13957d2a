import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  queuedMailSchema,
  type FailedMail,
  type MailCondition,
  type MailStatus,
  type QueuedMail,
} from '../../schemas/mail';
import { HttpError } from '../http/errors';
import { afterResponse } from '../http/invocation';
import { newestFirstKey } from '../storage/keys';
import { renderLetter, type Letter } from './mail-letter';
import { mailSetup } from './mail-setup';
import {
  blobCall,
  createJSON,
  deleteKey,
  openStore,
  readJSON,
  STORES,
  takeLease,
  writeJSON,
  type LeaseField,
  type StoreName,
} from '../storage/store';

/*
 * The outgoing mail queue: one Blobs key per message, so senders never contend.
 *
 * - `queue/<due ms>-<id>`: waiting. The key starts with when the next attempt is due, so a sweep
 *   lists only as far as the first message not yet due.
 * - `failed/<inverted ms>-<id>`: gave up after MAX_ATTEMPTS, kept (newest first) for admins with the
 *   reason, until an admin retries or dismisses it.
 *
 * `sendMail` queues and starts the delivery after the response (the invocation's waitUntil), so a
 * slow or refusing provider never slows the request. A delivery first takes a lease on the message
 * (an etag-guarded write), so the immediate delivery and the scheduled sweep (`mail-queue`, every
 * minute) never both send it; a delivery cut off by the function's time limit leaves the lease to
 * run out, and the sweep tries again.
 */
const store = () => openStore(STORES.mail);
const QUEUE = 'queue/';
const FAILED = 'failed/';

/** Attempts before a message is shown to admins as failed. */
export const MAX_ATTEMPTS = 5;
/** Minutes to wait after each failed attempt before the next. */
const RETRY_AFTER_MINUTES = [1, 5, 30, 120];
/** Longer than one delivery can take (see mail-transport.ts), so a held message is never sent twice. */
const LEASE_MS = 2 * 60_000;
/** A message's lease is its `leaseUntil`, an ISO time (takeLease). */
const leaseUntil: LeaseField<QueuedMail> = {
  until: (mail) => (mail.leaseUntil ? Date.parse(mail.leaseUntil) : 0),
  hold: (mail, until) => ({ ...mail, leaseUntil: new Date(until).toISOString() }),
};

const pad = (ms: number) => String(ms).padStart(13, '0');
const queueKey = (dueMs: number, id: string) => `${QUEUE}${pad(dueMs)}-${id}`;
const failedKey = (failedMs: number, id: string) => `${FAILED}${newestFirstKey(failedMs, id)}`;
const dueOf = (key: string) => Number(key.slice(QUEUE.length, QUEUE.length + 13));

/**
 * Queues a message and starts delivering it after the response. Without a provider (on Netlify
 * with no SMTP_URL) nothing is queued or sent: the admin dashboard says email is not set up.
 */
export async function sendMail(letter: Letter): Promise<void> {
  if (mailSetup().mode === 'off') return;
  const now = Date.now();
  const id = `${pad(now)}-${randomUUID()}`;
  const mail = queuedMailSchema.parse({
    id,
    kind: letter.kind,
    to: letter.to,
    ...(letter.replyTo ? { replyTo: letter.replyTo } : {}),
    subject: letter.subject,
    ...renderLetter(letter),
    headers: letter.headers ?? {},
    ...(letter.onlyWhile ? { onlyWhile: letter.onlyWhile } : {}),
    createdAt: new Date(now).toISOString(),
    attempts: 0,
    nextAttemptAt: new Date(now).toISOString(),
  });
  const key = queueKey(now, id);
  await createJSON(store(), key, queuedMailSchema, mail);
  afterResponse(`Delivering ${letter.kind} mail`, () => deliver(key));
}

/** Takes the lease on a due message; null when it is gone, not due, or held by another delivery. */
async function claim(key: string): Promise<QueuedMail | null> {
  const taken = await takeLease(store(), key, queuedMailSchema, leaseUntil, {
    ms: LEASE_MS,
    free: (mail, now) => Date.parse(mail.nextAttemptAt) <= now,
  });
  return taken?.value ?? null;
}

export type Outcome = 'sent' | 'retrying' | 'failed' | 'skipped';

const anyRecord = z.record(z.string(), z.unknown());
const storeNames: ReadonlySet<string> = new Set(Object.values(STORES));

/** Whether a message's condition still holds: the named record has the value it was sent for. */
async function stillHolds({ store: name, key, field, equals }: MailCondition): Promise<boolean> {
  if (!storeNames.has(name)) return false;
  const found = await readJSON(openStore(name as StoreName), key, anyRecord);
  return found?.value[field] === equals;
}

/** Makes one attempt at a queued message (if due and free), then removes, reschedules or fails it. */
export async function deliver(key: string): Promise<Outcome> {
  const mail = await claim(key);
  if (!mail) return 'skipped';
  if (mail.onlyWhile && !(await stillHolds(mail.onlyWhile))) {
    await deleteKey(store(), key);
    return 'skipped';
  }
  const setup = mailSetup();
  let reason: string;
  try {
    if (setup.mode === 'off') throw new Error(setup.detail);
    const { transmit } = await import('./mail-transport');
    await transmit(setup, mail);
    await deleteKey(store(), key);
    return 'sent';
  } catch (error) {
    reason = error instanceof Error ? error.message : String(error);
  }
  const now = Date.now();
  const attempts = mail.attempts + 1;
  const { leaseUntil: _held, ...rest } = mail;
  if (attempts >= MAX_ATTEMPTS) {
    await writeJSON(store(), failedKey(now, mail.id), queuedMailSchema, {
      ...rest,
      attempts,
      lastError: reason,
      failedAt: new Date(now).toISOString(),
    });
    await deleteKey(store(), key);
    return 'failed';
  }
  const due = now + RETRY_AFTER_MINUTES[attempts - 1]! * 60_000;
  await writeJSON(store(), queueKey(due, mail.id), queuedMailSchema, {
    ...rest,
    attempts,
    lastError: reason,
    nextAttemptAt: new Date(due).toISOString(),
  });
  await deleteKey(store(), key);
  return 'retrying';
}

/** Keys of messages due now, oldest first (the listing stops at the first one not yet due). */
async function dueKeys(limit: number): Promise<string[]> {
  const now = Date.now();
  const keys: string[] = [];
  await blobCall('list mail queue', async () => {
    for await (const { blobs } of store().list({ prefix: QUEUE, paginate: true })) {
      for (const { key } of blobs) {
        if (dueOf(key) > now || keys.length >= limit) return;
        keys.push(key);
      }
    }
  });
  return keys;
}

/**
 * Delivers what is due, a few at a time, starting no new delivery after `budgetMs` so the run ends
 * within a scheduled function's time limit. What it leaves is due on the next run.
 */
export async function sweepQueue(
  budgetMs = 5_000,
  concurrency = 4,
): Promise<Record<Outcome, number>> {
  const started = Date.now();
  const keys = await dueKeys(200);
  const counts: Record<Outcome, number> = { sent: 0, retrying: 0, failed: 0, skipped: 0 };
  let next = 0;
  const worker = async () => {
    while (next < keys.length && Date.now() - started < budgetMs)
      counts[await deliver(keys[next++]!)]++;
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return counts;
}

const failedView = (key: string, m: QueuedMail): FailedMail => ({
  id: key.slice(FAILED.length),
  kind: m.kind,
  to: m.to,
  ...(m.replyTo ? { replyTo: m.replyTo } : {}),
  subject: m.subject,
  attempts: m.attempts,
  lastError: m.lastError ?? 'Unknown reason',
  createdAt: m.createdAt,
  failedAt: m.failedAt ?? m.createdAt,
});

/** Keys of failed deliveries, newest first, up to `limit` (one listing page for a dashboard count). */
async function failedKeys(limit: number): Promise<string[]> {
  const keys: string[] = [];
  await blobCall('list failed mail', async () => {
    for await (const { blobs } of store().list({ prefix: FAILED, paginate: true })) {
      for (const { key } of blobs) {
        if (keys.length >= limit) return;
        keys.push(key);
      }
    }
  });
  return keys;
}

/** The newest failed deliveries (each read), and whether older ones exist. */
export async function listFailedMail(limit = 50): Promise<{ items: FailedMail[]; more: boolean }> {
  const keys = await failedKeys(limit + 1);
  const read = await Promise.all(
    keys
      .slice(0, limit)
      .map(async (key) => ({ key, found: await readJSON(store(), key, queuedMailSchema) })),
  );
  const items = read.flatMap(({ key, found }) => (found ? [failedView(key, found.value)] : []));
  return { items, more: keys.length > limit };
}

const COUNT_CAP = 1000;

/** The email state for the admin; failed deliveries are counted only for those who may see them. */
export async function mailStatus(personalData: boolean): Promise<MailStatus> {
  const setup = mailSetup();
  const failed = personalData ? await failedKeys(COUNT_CAP + 1) : null;
  return {
    mode: setup.mode,
    detail: setup.detail,
    failed: failed ? Math.min(failed.length, COUNT_CAP) : null,
    failedMore: !!failed && failed.length > COUNT_CAP,
  };
}

const failedKeyOf = (id: string) => {
  if (!/^\d{13}-\d{13}-[0-9a-f-]{36}$/.test(id))
    throw new HttpError(404, 'No such failed delivery');
  return `${FAILED}${id}`;
};

/** Puts a failed delivery back in the queue with fresh attempts and starts it after the response. */
export async function retryFailedMail(id: string): Promise<void> {
  const key = failedKeyOf(id);
  // Two admins (or one clicking twice) may retry at once: only the retry whose lease on the entry
  // lands queues it, so its reader gets one copy, and the other finds it already being sent. A
  // retry cut off before it queued leaves the lease to run out; the entry can be retried then.
  const taken = await takeLease(store(), key, queuedMailSchema, leaseUntil, {
    ms: LEASE_MS,
    initial: () => {
      throw new HttpError(404, 'No such failed delivery');
    },
  });
  if (!taken) return;
  const now = Date.now();
  const { failedAt: _f, leaseUntil: _l, ...rest } = taken.value;
  const queued = queueKey(now, rest.id);
  await writeJSON(store(), queued, queuedMailSchema, {
    ...rest,
    attempts: 0,
    nextAttemptAt: new Date(now).toISOString(),
  });
  await deleteKey(store(), key);
  afterResponse(`Delivering ${rest.kind} mail again`, () => deliver(queued));
}

/** Forgets a failed delivery. */
export async function dismissFailedMail(id: string): Promise<void> {
  const key = failedKeyOf(id);
  if (!(await readJSON(store(), key, queuedMailSchema)))
    throw new HttpError(404, 'No such failed delivery');
  await deleteKey(store(), key);
}
