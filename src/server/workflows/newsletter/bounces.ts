import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { BounceEvent } from '../../../schemas/newsletter-bounce';
import { HttpError } from '../../http/errors';
import { subscriptionId } from '../../visitors/newsletter';
import { suppress } from '../../visitors/newsletter-suppression';
import { ISSUE_KEYS } from '../../storage/keys';
import { createJSON, openStore, STORES } from '../../storage/store';
import { changeIssue } from './issues';

/*
 * The provider's bounce webhook. Hard bounces and spam complaints put the address on the
 * suppression list (no issue, import or restore reaches it again); soft bounces change nothing.
 * When the event names its issue, the issue's bounce counts go up, once per reader and kind, so a
 * webhook delivered twice counts once.
 */

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * 401 unless the request carries the webhook secret (`Authorization: Bearer …`, or `?secret=`
 * for providers that can only be given a URL). Compared as hashes in constant time. Without a
 * configured secret every call is refused: the webhook never runs unauthenticated.
 */
export function assertWebhookSecret(req: Request): void {
  const expected = process.env.NEWSLETTER_WEBHOOK_SECRET ?? '';
  if (expected.length < 16)
    throw new HttpError(
      401,
      'The bounce webhook is not set up: set NEWSLETTER_WEBHOOK_SECRET (at least 16 characters)',
    );
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  const given = bearer ?? new URL(req.url).searchParams.get('secret') ?? '';
  if (!timingSafeEqual(digest(given), digest(expected)))
    throw new HttpError(401, 'The webhook secret is missing or wrong');
}

/** Applies one bounce event; answers whether the address is now suppressed. */
export async function applyBounce(event: BounceEvent): Promise<{ suppressed: boolean }> {
  if (event.kind === 'soft') return { suppressed: false };
  const id = subscriptionId(event.email);
  await suppress(id);
  if (event.issueId && /^[\w-]{1,100}$/.test(event.issueId)) {
    const first = await createJSON(
      openStore(STORES.issues),
      ISSUE_KEYS.bounce(event.issueId, id, event.kind),
      z.object({ at: z.string() }),
      { at: new Date().toISOString() },
    );
    if (first)
      await changeIssue(event.issueId, (issue) => ({
        ...issue,
        bounces: {
          hard: issue.bounces.hard + (event.kind === 'hard' ? 1 : 0),
          complaints: issue.bounces.complaints + (event.kind === 'complaint' ? 1 : 0),
        },
      })).catch((error: unknown) => {
        // An issue deleted since (or an id the provider garbled): the suppression still stands.
        if (!(error instanceof HttpError && error.status === 404)) throw error;
      });
  }
  return { suppressed: true };
}
