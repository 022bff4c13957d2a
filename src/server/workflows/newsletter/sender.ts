import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { QueuedMail } from '../../../schemas/mail';
import { HttpError } from '../../http/errors';
import { commitChange } from '../../publishing/history';
import { mailSetup } from '../../outbound/mail-setup';
import { AnswerLost, openTransmitter, type Transmitter } from '../../outbound/mail-transport';
import { isSuppressed } from '../../visitors/newsletter-suppression';
import { newLinkSecret } from '../../visitors/newsletter-token';
import { openStore, STORES, updateJSON } from '../../storage/store';
import { isAudience, readAudienceRecord, readBatch, snapshotAudience } from './audience';
import { claimDelivery, readDelivery, recordDelivery } from './deliveries';
import { changeIssue, getIssue, issueRows } from './issues';
import type { issueMessage, PreparedIssue } from './issue-message';
import { takeLease, type Lease } from './send-lease';
import { emptyTally, finishBatch, readSendState, startSendState, type Tally } from './send-state';
import { getNewsletterSettings } from './sending-settings';

/*
 * Sends issues in 'sending' state, batch by batch, as a background function (15 minutes on
 * Netlify), resumed by the scheduled `newsletter-send` when a run ended or died.
 *
 * Exactly one copy per recipient, or said not to be known. The copy is built first; then the
 * recipient's delivery record is created as `claimed`, only if no record exists (Blobs
 * `onlyIfNew`); then the message is handed to the transport; once the transport accepted it, the
 * record becomes `sent`. A resumed run sends only to recipients without a record. So a kill at
 * any point leaves, for each recipient, one of:
 * - no record: nothing was sent; the next run sends it (once: the claim is taken only once);
 * - `sent`: sent once, never again;
 * - `claimed`: the run died while the message was with the transport, or before its `sent` landed,
 *   so it may or may not have left. It is never sent again (a second copy is the one thing this
 *   must not do): the next run records it as `unknown`, counts it so and names the reader to the
 *   admin. At most once, and saying so, for that one window: from the claim landing to the
 *   record landing, one SMTP conversation and one write long, for as many messages as are in
 *   flight (SEND_TUNING.concurrency).
 * A provider that never answers (or a connection that breaks off mid-message) leaves the same
 * doubt, and is recorded as `unknown` at once; a refusal is `failed`.
 * The mail queue's retries are not used here: a delivery killed after the provider accepted a
 * message but before the queue forgot it is retried, which is a second copy.
 *
 * Readers who unsubscribe or are suppressed after the audience was fixed are checked again just
 * before their claim: they get nothing and count as `skipped`.
 */

/** Limits of one run; an object so a test can shorten them (and inject a crash). */
export const SEND_TUNING = {
  /** A run starts no new message after this: well inside Netlify's 15-minute limit. */
  budgetMs: 12 * 60_000,
  /** How long a runner holds an issue without renewing (renewed every third of it). */
  leaseMs: 3 * 60_000,
  /** Messages handed to the transport at once (the rate still paces them). */
  concurrency: 8,
  /** Tests only: the run dies after this many messages left, before recording the last one. */
  crashAfterMessages: Number.POSITIVE_INFINITY,
};

/** What the sender reads and changes of a subscription: every other field is kept as it is. */
const secretRecordSchema = z.looseObject({
  status: z.enum(['pending', 'confirmed', 'unsubscribed']).default('confirmed'),
  unsubscribeSecret: z.string().optional(),
});

/**
 * The subscription's unsubscribe secret, made now for one stored before unsubscribe links
 * (an import): every copy must carry a working link. Null when it is no longer confirmed.
 */
async function secretOf(id: string, known: string | undefined): Promise<string | null> {
  if (known) return known;
  const updated = await updateJSON(
    openStore(STORES.newsletter),
    id,
    secretRecordSchema,
    () => {
      // Deleted meanwhile (erased): nothing to send to, and nothing to write back.
      throw new Gone();
    },
    (current) =>
      current.status === 'confirmed' && !current.unsubscribeSecret
        ? { ...current, unsubscribeSecret: newLinkSecret() }
        : current,
  ).catch((error: unknown) => {
    if (error instanceof Gone) return null;
    throw error;
  });
  return updated?.status === 'confirmed' ? (updated.unsubscribeSecret ?? null) : null;
}

class Gone extends Error {}
class Crash extends Error {}

/** Who History names for what the sender does. */
const SENDER = { username: 'newsletter sender' };

/** One run's shared state: its pace, its time budget, its lease, the messages it sent. */
interface Run {
  started: number;
  transmitter: Transmitter;
  prepared: PreparedIssue;
  /** One reader's copy of the prepared issue. */
  compose: (to: Parameters<typeof issueMessage>[1]) => ReturnType<typeof issueMessage>;
  lease: Lease;
  renewedAt: number;
  /** When the next message may start (paced by the rate). */
  nextSlot: number;
  gapMs: number;
  transmitted: number;
  stopped: boolean;
  /** Tests only: the injected crash happened (see SEND_TUNING). */
  crashed: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pace(run: Run): Promise<void> {
  const now = Date.now();
  const slot = Math.max(run.nextSlot, now);
  run.nextSlot = slot + run.gapMs;
  if (slot > now) await sleep(slot - now);
}

/** Whether the run may start another message: within its budget, and still holding its lease. */
async function mayGoOn(run: Run): Promise<boolean> {
  if (run.stopped) return false;
  if (Date.now() - run.started > SEND_TUNING.budgetMs) return ((run.stopped = true), false);
  if (Date.now() - run.renewedAt > SEND_TUNING.leaseMs / 3) {
    run.renewedAt = Date.now();
    if (!(await run.lease.renew())) return ((run.stopped = true), false);
  }
  return true;
}

/** Sends (or settles) one recipient's copy; answers what their record says now. */
async function deliverTo(run: Run, issueId: string, subscriberId: string): Promise<keyof Tally> {
  const done = await readDelivery(issueId, subscriberId);
  if (done) {
    if (done.state !== 'claimed') return done.state;
    // A run died between claiming and recording: whether it left is unknown, so it is not sent again.
    await recordDelivery(
      issueId,
      subscriberId,
      'unknown',
      'The send was interrupted while handing this copy over: it arrived once or not at all',
    );
    return 'unknown';
  }
  // Paced before the reader is checked, not after: the check is then the last thing before the
  // message leaves, so a reader who unsubscribes while this one waits for its turn gets nothing.
  await pace(run);
  const topics = run.prepared.issue.topics;
  const reader = await readAudienceRecord(subscriberId);
  if (!reader || !isAudience(reader, topics) || (await isSuppressed(subscriberId))) {
    await claimDelivery(issueId, subscriberId, 'skipped', 'Unsubscribed or suppressed meanwhile');
    return 'skipped';
  }
  const secret = await secretOf(subscriberId, reader.unsubscribeSecret);
  if (!secret) {
    await claimDelivery(issueId, subscriberId, 'skipped', 'Unsubscribed meanwhile');
    return 'skipped';
  }
  // Built before the claim, so the claim is followed by nothing but the hand-over.
  const message = run.compose({ id: subscriberId, email: reader.email, secret });
  const now = new Date().toISOString();
  const mail: QueuedMail = {
    id: `${String(Date.now()).padStart(13, '0')}-${randomUUID()}`,
    kind: 'newsletter-issue',
    to: reader.email,
    ...message,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
  };
  if (!(await claimDelivery(issueId, subscriberId, 'claimed'))) {
    const state = (await readDelivery(issueId, subscriberId))?.state;
    return state === 'sent' || state === 'skipped' || state === 'failed' ? state : 'unknown';
  }
  try {
    await run.transmitter.send(mail);
  } catch (error) {
    const reason = String((error as Error).message ?? error);
    const state = error instanceof AnswerLost ? 'unknown' : 'failed';
    await recordDelivery(issueId, subscriberId, state, reason);
    return state;
  }
  // An injected crash dies as a killed process would: this message and every other one in
  // flight have left, and none of them is recorded.
  if (++run.transmitted >= SEND_TUNING.crashAfterMessages) run.crashed = true;
  if (run.crashed) {
    run.stopped = true;
    throw new Crash('Injected crash after handing a message to the transport');
  }
  await recordDelivery(issueId, subscriberId, 'sent');
  return 'sent';
}

/** Works through one batch; null when the run stopped before finishing it. */
async function sendBatch(run: Run, issueId: string, ids: string[]): Promise<Tally | null> {
  const tally = emptyTally();
  let next = 0;
  let complete = true;
  const worker = async () => {
    while (next < ids.length) {
      if (!(await mayGoOn(run))) return void (complete = false);
      // Taken after the wait: another worker may have taken the last one meanwhile.
      const i = next++;
      if (i >= ids.length) return;
      tally[await deliverTo(run, issueId, ids[i]!)]++;
    }
  };
  // Every worker ends before the run does: nothing of a run outlives its invocation.
  const ended = await Promise.allSettled(Array.from({ length: SEND_TUNING.concurrency }, worker));
  const failure = ended.find((e): e is PromiseRejectedResult => e.status === 'rejected');
  if (failure) throw failure.reason;
  return complete && !run.stopped ? tally : null;
}

/** One run on one issue: fixes its audience the first time, then sends batch after batch. */
async function runIssue(issueId: string, started: number): Promise<void> {
  const setup = mailSetup();
  if (setup.mode === 'off') return;
  const lease = await takeLease(issueId, SEND_TUNING.leaseMs);
  if (!lease) return;
  try {
    let issue = await getIssue(issueId);
    if (issue.status !== 'sending') return;
    let state = await readSendState(issueId);
    if (!state) {
      state = await startSendState(issueId, await snapshotAudience(issueId, issue.topics));
      const recipients = state.recipients;
      issue = await changeIssue(issueId, (i) => ({ ...i, counts: { ...i.counts, recipients } }));
      if (!(await lease.renew())) return;
    }
    const { newsletterRatePerSecond } = await getNewsletterSettings();
    // The renderer (Markdown, sanitiser, cards) is loaded once there is an issue to render: a run
    // that finds nothing to send, and the function's cold start, go without it.
    const { issueMessage, prepareIssue } = await import('./issue-message');
    const prepared = await prepareIssue(issue);
    const run: Run = {
      started,
      transmitter: await openTransmitter(setup, SEND_TUNING.concurrency),
      prepared,
      compose: (to) => issueMessage(prepared, to),
      lease,
      renewedAt: Date.now(),
      nextSlot: 0,
      gapMs: 1000 / newsletterRatePerSecond,
      transmitted: 0,
      stopped: false,
      crashed: false,
    };
    try {
      while (state.nextBatch < state.batches) {
        const n = state.nextBatch;
        const tally = await sendBatch(run, issueId, await readBatch(issueId, n));
        if (!tally) return;
        state = await finishBatch(issueId, n, tally);
        const counts = { recipients: state.recipients, ...state.counts };
        await changeIssue(issueId, (i) => ({ ...i, counts }));
      }
    } finally {
      run.transmitter.close();
    }
    const sent = await changeIssue(issueId, (i) =>
      i.status === 'sending' ? { ...i, status: 'sent', sentAt: new Date().toISOString() } : i,
    );
    // Recorded, and the site rebuilt: the archive's page of the issue (/newsletter/<slug>) exists
    // only in a build made after it was sent.
    await commitChange(SENDER, {
      action: 'update',
      target: `newsletter-issues/${issueId}`,
      summary: `Sent “${sent.subject}” to ${sent.counts.sent} subscribers (${sent.counts.failed} failed, ${sent.counts.unknown} unknown, ${sent.counts.skipped} skipped)`,
    });
  } finally {
    await lease.release();
  }
}

/**
 * The background run: every issue in 'sending' whose lease is free, one after another, within
 * the run's budget. Answers how many issues it looked at.
 */
export async function runSends(): Promise<{ issues: number }> {
  const started = Date.now();
  const sending = (await issueRows()).filter((r) => r.status === 'sending');
  for (const row of sending) {
    if (Date.now() - started > SEND_TUNING.budgetMs) break;
    try {
      await runIssue(row.id, started);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) continue;
      throw error;
    }
  }
  return { issues: sending.length };
}
