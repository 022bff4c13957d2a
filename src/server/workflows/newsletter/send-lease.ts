import { ISSUE_KEYS } from '../../storage/keys';
import {
  leaseDocumentHeld,
  openStore,
  STORES,
  takeLeaseDocument,
  type HeldLease,
} from '../../storage/store';

/*
 * The lease on a send, `send-lease/<issue>`: one runner at a time works on an issue. A lease
 * document (storage/store/lease.ts), renewed as the runner works, so a runner whose lease was
 * taken over learns it at its next renewal and stops. The per-recipient claims make a double
 * runner harmless anyway; the lease keeps two runners from wasting their time on the same batches.
 */
const store = () => openStore(STORES.issues);

/** A held lease: renew it while working, release it when done. */
export type Lease = HeldLease;

/** Takes the lease on an issue's send for `ms`, or null while another runner holds it. */
export const takeLease = (issueId: string, ms: number): Promise<Lease | null> =>
  takeLeaseDocument(store(), ISSUE_KEYS.lease(issueId), ms);

/** Whether a runner holds the issue's lease now. */
export const isLeased = (issueId: string): Promise<boolean> =>
  leaseDocumentHeld(store(), ISSUE_KEYS.lease(issueId));
