import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ISSUE_KEYS } from '../../storage/keys';
import { blobCall, deleteKey, landedWrite, openStore, readJSON, STORES } from '../../storage/store';

/*
 * The lease on a send, `send-lease/<issue>`: one runner at a time works on an issue. Taken with
 * an etag-guarded write (created if new, or replaced only at the version read when it had run
 * out) and renewed the same way, so a runner whose lease was taken over learns it at its next
 * renewal and stops. The per-recipient claims make a double runner harmless anyway; the lease
 * keeps two runners from wasting their time on the same batches.
 */
const store = () => openStore(STORES.issues);
const leaseSchema = z.object({ holder: z.string(), until: z.number() });

/** A held lease: renew it while working, release it when done. */
export interface Lease {
  /** Extends the lease; false when another runner holds it now (stop at once). */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

/** Takes the lease on an issue's send for `ms`, or null while another runner holds it. */
export async function takeLease(issueId: string, ms: number): Promise<Lease | null> {
  const key = ISSUE_KEYS.lease(issueId);
  const holder = randomUUID();
  const found = await readJSON(store(), key, leaseSchema);
  if (found && found.value.until > Date.now()) return null;
  let etag: string | undefined;
  const write = async (onlyIf: { onlyIfNew: true } | { onlyIfMatch: string }) => {
    const result = await blobCall(`lease ${key}`, () =>
      store().setJSON(key, { holder, until: Date.now() + ms }, onlyIf),
    );
    if (result.modified && result.etag) etag = result.etag;
    return result;
  };
  const won = await landedWrite(`lease ${key}`, () =>
    found?.etag ? write({ onlyIfMatch: found.etag }) : write({ onlyIfNew: true }),
  );
  if (!won) return null;
  let renewing: Promise<boolean> | null = null;
  return {
    renew() {
      // Workers of one run renew through one write at a time: two writes at the same version
      // would refuse each other, and the run would think its lease taken.
      renewing ??= (async () => {
        try {
          const current = etag;
          return (
            !!current && (await landedWrite(`renew ${key}`, () => write({ onlyIfMatch: current })))
          );
        } finally {
          renewing = null;
        }
      })();
      return renewing;
    },
    async release() {
      const now = await readJSON(store(), key, leaseSchema);
      if (now?.value.holder === holder) await deleteKey(store(), key);
    },
  };
}

/** Whether a runner holds the issue's lease now. */
export async function isLeased(issueId: string): Promise<boolean> {
  const found = await readJSON(store(), ISSUE_KEYS.lease(issueId), leaseSchema);
  return !!found && found.value.until > Date.now();
}
