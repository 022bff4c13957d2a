import { z } from 'zod';
import { ISSUE_KEYS } from '../../storage/keys';
import { createJSON, openStore, readJSON, STORES, updateJSON } from '../../storage/store';

/*
 * The cursor of a send, `send-state/<issue>`: written once the audience is fixed (its batch count
 * and size), then advanced one batch at a time with that batch's tally. Advancing is guarded by
 * the batch number, so a batch is counted once however many runs went through it.
 */
const store = () => openStore(STORES.issues);

const tallySchema = z.object({
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  /** Copies whose fate is unknown (see deliveries.ts); absent from sends counted before it existed. */
  unknown: z.number().int().min(0).default(0),
  skipped: z.number().int().min(0),
});
export type Tally = z.infer<typeof tallySchema>;

export const sendStateSchema = z.object({
  batches: z.number().int().min(0),
  recipients: z.number().int().min(0),
  /** The first batch not yet finished. */
  nextBatch: z.number().int().min(0),
  counts: tallySchema,
});
export type SendState = z.infer<typeof sendStateSchema>;

export const emptyTally = (): Tally => ({ sent: 0, failed: 0, unknown: 0, skipped: 0 });

/** The send's cursor, or null while its audience is not fixed yet. */
export async function readSendState(issueId: string): Promise<SendState | null> {
  return (await readJSON(store(), ISSUE_KEYS.sendState(issueId), sendStateSchema))?.value ?? null;
}

/** Records the fixed audience; the first write wins (a slower runner's snapshot is discarded). */
export async function startSendState(
  issueId: string,
  audience: { batches: number; recipients: number },
): Promise<SendState> {
  const state: SendState = { ...audience, nextBatch: 0, counts: emptyTally() };
  if (await createJSON(store(), ISSUE_KEYS.sendState(issueId), sendStateSchema, state))
    return state;
  return (await readSendState(issueId)) ?? state;
}

/** Marks batch `n` done with its tally (nothing changes when it was counted already). */
export async function finishBatch(issueId: string, n: number, tally: Tally): Promise<SendState> {
  return updateJSON(
    store(),
    ISSUE_KEYS.sendState(issueId),
    sendStateSchema,
    () => {
      throw new Error(`The send of ${issueId} has no state`);
    },
    (state) =>
      state.nextBatch !== n
        ? state
        : {
            ...state,
            nextBatch: n + 1,
            counts: {
              sent: state.counts.sent + tally.sent,
              failed: state.counts.failed + tally.failed,
              unknown: state.counts.unknown + tally.unknown,
              skipped: state.counts.skipped + tally.skipped,
            },
          },
  );
}
