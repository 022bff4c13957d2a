import { z } from 'zod';
import { timestampSchema } from '../../../schemas/common';
import { ISSUE_KEYS } from '../../storage/keys';
import { createJSON, openStore, readJSON, STORES, writeJSON } from '../../storage/store';

/*
 * One record per recipient of a send, `newsletter-deliveries/<issue>/<subscriber>`:
 * - `claimed`: created (only if new) just before the message is handed to the transport;
 * - `sent`: the transport accepted it;
 * - `failed`: the transport refused it, or a run died between claiming and recording, so
 *   nobody knows whether it left (see sender.ts: such a copy is never sent again);
 * - `skipped`: the reader left or was suppressed after the audience was fixed.
 * The record is the only truth about a recipient: counts are tallied from it, and a resumed run
 * sends only to those who have none.
 */
const store = () => openStore(STORES.issues);

export const DELIVERY_STATES = ['claimed', 'sent', 'failed', 'skipped'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const deliverySchema = z.object({
  state: z.enum(DELIVERY_STATES),
  at: timestampSchema,
  /** Why a message failed or was skipped. */
  reason: z.string().max(500).optional(),
});
export type Delivery = z.infer<typeof deliverySchema>;

const entry = (state: DeliveryState, reason?: string): Delivery => ({
  state,
  at: new Date().toISOString(),
  ...(reason ? { reason: reason.slice(0, 500) } : {}),
});

/** A recipient's delivery record, or null before anything was done for them. */
export async function readDelivery(
  issueId: string,
  subscriberId: string,
): Promise<Delivery | null> {
  return (
    (await readJSON(store(), ISSUE_KEYS.delivery(issueId, subscriberId), deliverySchema))?.value ??
    null
  );
}

/**
 * Claims a recipient (or records them as skipped) only if nothing was recorded for them yet:
 * false when another record exists, whoever wrote it.
 */
export const claimDelivery = (
  issueId: string,
  subscriberId: string,
  state: 'claimed' | 'skipped',
  reason?: string,
): Promise<boolean> =>
  createJSON(
    store(),
    ISSUE_KEYS.delivery(issueId, subscriberId),
    deliverySchema,
    entry(state, reason),
  );

/** Records what became of a claimed recipient. */
export async function recordDelivery(
  issueId: string,
  subscriberId: string,
  state: 'sent' | 'failed',
  reason?: string,
): Promise<void> {
  await writeJSON(
    store(),
    ISSUE_KEYS.delivery(issueId, subscriberId),
    deliverySchema,
    entry(state, reason),
  );
}
