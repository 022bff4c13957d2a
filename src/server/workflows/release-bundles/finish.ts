import { withLog, type ReleaseBundle } from '../../../schemas/release-bundle';
import type { User } from '../../../schemas/user';
import { commitChange, newEntryId } from '../../publishing/history';
import { stillScheduled } from './checks';
import { unscheduleItems } from './item-schedules';
import { pruned, releases } from './release-doc';

/** Cancels a release: its items go back to draft, its text changes never apply. */
export async function cancelRelease(
  user: Pick<User, 'username'>,
  id: string,
): Promise<ReleaseBundle> {
  let cancelled: ReleaseBundle | undefined;
  await releases.update((doc) => {
    const fresh = stillScheduled(doc.bundles.find((b) => b.id === id));
    cancelled = withLog(
      { ...fresh, status: 'cancelled', updatedAt: new Date().toISOString() },
      user.username,
      'cancel',
      'Cancelled: its items went back to draft',
    );
    return { bundles: pruned(doc.bundles.map((b) => (b.id === id ? cancelled! : b))) };
  });
  const unscheduled = await unscheduleItems(user, cancelled!, cancelled!.items);
  await commitChange(
    user,
    { action: 'update', target: `releases/${id}`, summary: `${cancelled!.name}: cancelled` },
    { rebuild: unscheduled },
  );
  return cancelled!;
}

/**
 * How long a run taking a release live holds off another: a run lasts seconds, and Netlify stops a
 * scheduled function after 30.
 */
const GOING_MS = 2 * 60_000;

/**
 * Takes the claim on taking a due release live: answers the release as it is now, with the id its
 * texts' History entry gets, or null when it is not due any more, or another run holds it. A
 * claim that lapsed (its run was cut off) is taken over with the same entry id, so the texts that
 * run recorded are known to be in the settings and are not written or recorded again.
 */
export async function claimRelease(id: string, now = Date.now()): Promise<ReleaseBundle | null> {
  let claimed: ReleaseBundle | null = null;
  await releases.update((doc) => {
    claimed = null;
    const found = doc.bundles.find((b) => b.id === id);
    if (!found || found.status !== 'scheduled' || Date.parse(found.at) > now) return doc;
    if (found.going && found.going.until > now) return doc;
    // The entry's id is made on the real clock, not on the check's `now`: History is listed in the
    // order its keys sort, and a check run for a time ahead (as tests inject) would otherwise write
    // an entry that stays the newest until then, so later changes (two moves that are one entry)
    // would no longer find their own entry newest.
    const going = { entryId: found.going?.entryId ?? newEntryId(), until: now + GOING_MS };
    claimed = { ...found, going };
    return { bundles: doc.bundles.map((b) => (b.id === id ? claimed! : b)) };
  });
  return claimed;
}

/** Marks a release as gone live (after its texts were written into the settings), with a note for its log. */
export async function markReleased(id: string, note: string, now = Date.now()): Promise<void> {
  await releases.update((doc) => ({
    bundles: pruned(
      doc.bundles.map((b) =>
        b.id === id && b.status === 'scheduled'
          ? withLog(
              {
                ...b,
                status: 'released',
                releasedAt: new Date(now).toISOString(),
                updatedAt: new Date(now).toISOString(),
              },
              'scheduled check',
              'release',
              note,
              now,
            )
          : b,
      ),
    ),
  }));
}
