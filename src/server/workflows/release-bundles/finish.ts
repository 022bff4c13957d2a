import { withLog, type ReleaseBundle } from '../../../schemas/release-bundle';
import type { User } from '../../../schemas/user';
import { commitChange } from '../../publishing/history';
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
