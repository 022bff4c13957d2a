import { z } from 'zod';
import type { User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { getHistoryEntry, newEntryId, type HistoryEntry } from '../publishing/history';
import { deleteKey, openStore, readJSON, STORES, updateJSON } from '../storage/store';

/*
 * One restore of a History entry at a time, and a restore cut off half-way finished by the next.
 * The history store keeps `restoring/<entry id>` while a restore of that entry runs: who runs it,
 * until when it holds off others, and the id its own History entry gets (decided before anything
 * is changed). A restore that succeeds, or is refused before it changed anything, removes it. One
 * that failed or died after its change may have landed leaves it, so the next restore of the
 * entry knows: if that one's History entry was written, it is finished (its rebuild asked for
 * again) and the next starts afresh; if not, its change is looked for and recorded once.
 */
/** How long a claim holds off another restore of the entry (longer than any restore takes). */
const CLAIM_MS = 60_000;

const claimSchema = z.object({ by: z.string(), until: z.number(), id: z.string() });
const store = () => openStore(STORES.history);
const keyOf = (entryId: string) => `restoring/${entryId}`;

export interface RestoreClaim {
  /** The id of the restore's own History entry. */
  id: string;
  /** The entry of a cut-off restore that was written: that restore landed whole. */
  recorded: HistoryEntry | null;
  /** Whether an earlier restore was cut off before its entry was written (its change may have landed). */
  resumed: boolean;
}

/** Takes the claim on restoring `entryId`; 409 while another restore of it runs. */
export async function claimRestore(
  user: Pick<User, 'username'>,
  entryId: string,
): Promise<RestoreClaim> {
  let recorded: HistoryEntry | null = null;
  let resumed = false;
  const taken = await updateJSON(
    store(),
    keyOf(entryId),
    claimSchema,
    () => ({ by: '', until: 0, id: '' }),
    async (claim) => {
      if (claim.until > Date.now())
        throw new HttpError(409, `${claim.by} is restoring this change right now`);
      recorded = claim.id ? await getHistoryEntry(claim.id) : null;
      resumed = claim.id !== '' && !recorded;
      return { by: user.username, until: Date.now() + CLAIM_MS, id: newEntryId() };
    },
  );
  return { id: taken.id, recorded, resumed };
}

/**
 * Ends a restore's claim (only its own: the one holding `id`). `landed` false (done, or refused
 * before any change) removes it; true (failed after its change may have landed) leaves it for
 * the next restore, which may start at once. Cleaning up never hides the restore's own error: a
 * claim that cannot be ended now lapses by itself.
 */
export async function endRestoreClaim(entryId: string, id: string, landed: boolean) {
  try {
    const found = await readJSON(store(), keyOf(entryId), claimSchema);
    if (found?.value.id !== id) return;
    if (!landed) return await deleteKey(store(), keyOf(entryId));
    await updateJSON(
      store(),
      keyOf(entryId),
      claimSchema,
      () => found.value,
      (claim) => (claim.id === id ? { ...claim, until: 0 } : claim),
    );
  } catch {
    // The claim lapses after CLAIM_MS.
  }
}
