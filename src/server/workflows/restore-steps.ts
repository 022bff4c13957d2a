import { z } from 'zod';
import { HttpError } from '../http/errors';
import type { ChangeRecord } from '../publishing/history';

/*
 * The pieces every kind of restore step shares (restore.ts, restore-order.ts): the state a step
 * leaves, its 409s, and the "as it was already" it may find instead of writing.
 */

export type State = Pick<ChangeRecord, 'before' | 'after'>;

export const cannot = (message: string) => new HttpError(409, message);
export const ALREADY = 'Nothing to restore: this is as it was before the change already';

/**
 * Thrown by an undo that finds the content as it was before the change already, with the state a
 * restore of it leaves: nothing is written.
 */
export class Already extends Error {
  constructor(readonly state: State) {
    super(ALREADY);
  }
}

/**
 * Runs a restore step, turning "gone" (404) and "no longer valid" (400) into 409: the entry
 * exists, but the content has moved on so that its old state cannot be brought back.
 */
export async function asConflict<T>(step: Promise<T>, goneMessage: string): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw cannot(goneMessage);
    if (error instanceof HttpError && error.status === 400)
      throw cannot(`This change cannot be restored: ${error.message}`);
    if (error instanceof z.ZodError)
      throw cannot('The old version no longer fits the current rules and cannot be restored');
    throw error;
  }
}
