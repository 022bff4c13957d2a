import { z } from 'zod';
import { timestampSchema } from '../../schemas/common';
import { HttpError } from '../http/errors';
import { createJSON, deleteKey, openStore, readJSON, STORES, writeJSON } from '../storage/store';

/*
 * The suppression list: addresses that unsubscribed, so no import and no restore from history
 * brings them back, even after their record is deleted or erased. One key per address,
 * `newsletter-suppressed/<subscription id>` (the SHA-256 of the normalised address, so the list
 * holds no address), so checking an address reads one blob. Only the address's own new, confirmed
 * consent takes it off.
 */
const system = () => openStore(STORES.system);
const keyOf = (id: string) => `newsletter-suppressed/${id}`;
const entrySchema = z.object({ at: timestampSchema });

export async function isSuppressed(id: string): Promise<boolean> {
  return (await readJSON(system(), keyOf(id), entrySchema)) !== null;
}

export async function suppress(id: string): Promise<void> {
  await writeJSON(system(), keyOf(id), entrySchema, { at: new Date().toISOString() });
}

export type Suppression = z.infer<typeof entrySchema>;

/**
 * Lifts the suppression: only when the address confirms a new signup itself. Answers the entry it
 * took off (null when there was none), for putting it back should the confirmation not land.
 */
export async function liftSuppression(id: string): Promise<Suppression | null> {
  const found = (await readJSON(system(), keyOf(id), entrySchema))?.value ?? null;
  if (found) await deleteKey(system(), keyOf(id));
  return found;
}

/** Puts back an entry a confirmation lifted and did not confirm (unless the address is suppressed again already). */
export async function restoreSuppression(id: string, entry: Suppression): Promise<void> {
  await createJSON(system(), keyOf(id), entrySchema, entry);
}

/** 409 when the address unsubscribed: what adds subscribers without their new consent calls this. */
export async function assertNotSuppressed(id: string): Promise<void> {
  if (await isSuppressed(id))
    throw new HttpError(
      409,
      'This address unsubscribed from the newsletter: only a new signup confirmed by its owner can add it again',
    );
}
