import { z } from 'zod';
import { timestampSchema } from '../../../schemas/common';
import type { UnknownRecipientList } from '../../../schemas/newsletter-issue';
import { ISSUE_KEYS } from '../../storage/keys';
import { blobCall, createJSON, openStore, readJSON, STORES, writeJSON } from '../../storage/store';
import { readAudienceRecord } from './audience';

/*
 * One record per recipient of a send, `newsletter-deliveries/<issue>/<subscriber>`:
 * - `claimed`: created (only if new) just before the message is handed to the transport;
 * - `sent`: the transport accepted it;
 * - `failed`: the provider refused it, or it was never reached: nothing left;
 * - `unknown`: the run died between claiming and recording, or the provider's answer was lost,
 *   so nobody knows whether it left. Never sent again (see sender.ts), and named to the admin
 *   through a marker of its own (`newsletter-unknown/<issue>/<subscriber>`);
 * - `skipped`: the reader left or was suppressed after the audience was fixed.
 * The record is the only truth about a recipient: counts are tallied from it, and a resumed run
 * sends only to those who have none.
 */
const store = () => openStore(STORES.issues);

export const DELIVERY_STATES = ['claimed', 'sent', 'failed', 'unknown', 'skipped'] as const;
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

const unknownSchema = z.object({ at: timestampSchema, reason: z.string().max(500) });

/**
 * Records what became of a claimed recipient. An unknown fate also gets its marker, written
 * first: a marker without its record only names a reader whose record still says `claimed`,
 * which the next run turns into `unknown` anyway.
 */
export async function recordDelivery(
  issueId: string,
  subscriberId: string,
  state: 'sent' | 'failed' | 'unknown',
  reason?: string,
): Promise<void> {
  const record = entry(state, reason);
  if (state === 'unknown')
    await writeJSON(store(), ISSUE_KEYS.unknown(issueId, subscriberId), unknownSchema, {
      at: record.at,
      reason: record.reason ?? '',
    });
  await writeJSON(store(), ISSUE_KEYS.delivery(issueId, subscriberId), deliverySchema, record);
}

/** Most readers the admin's list of unknown copies names (each is one read). */
export const UNKNOWN_LIST_LIMIT = 100;

/**
 * The readers of an issue whose copies' fate is unknown, from their markers (a handful per run
 * that died; never the send's every record), with their addresses as they are now.
 */
export async function unknownRecipients(issueId: string): Promise<UnknownRecipientList> {
  const prefix = ISSUE_KEYS.unknowns(issueId);
  const { blobs } = await blobCall('list unknown deliveries', () => store().list({ prefix }));
  const keys = blobs.map((b) => b.key).slice(0, UNKNOWN_LIST_LIMIT);
  const items = await Promise.all(
    keys.map(async (key): Promise<UnknownRecipientList['items'][number] | null> => {
      const marker = (await readJSON(store(), key, unknownSchema))?.value;
      if (!marker) return null;
      const reader = await readAudienceRecord(key.slice(prefix.length));
      return { email: reader?.email ?? null, at: marker.at, reason: marker.reason };
    }),
  );
  return { total: blobs.length, items: items.filter((x) => x !== null) };
}
