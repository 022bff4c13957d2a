import { z } from 'zod';
import { formatDateTime } from '../../lib/date-style';
import { isPublic, releaseTime, type Releasable } from '../../schemas/release';
import type { ReleaseBundle } from '../../schemas/release-bundle';
import { events, publications } from '../content/collections';
import { HttpError } from '../http/errors';
import { commitChange, getHistoryEntry, publish } from '../publishing/history';
import { noteEvent } from '../outbound/notify';
import { getPublishState } from '../publishing/publish';
import { claimRelease, dueReleases, markReleased, readReleaseDoc } from './release-bundles';
import { holdReleasesAwaitingReview } from './release-hold';
import { patchSiteSettings, pickFields } from '../content/site-settings';
import { openStore, readJSON, STORES, updateJSON } from '../storage/store';

/**
 * Embargoed publishing. Pages are static, so a scheduled item goes public when a build runs
 * after its publish time: a scheduled function (netlify/functions/release-scheduled.ts, every
 * minute; the local platform runs the same schedule) calls checkReleases(), which asks for that
 * build once per release time, and warns admins ahead of a release when the last build failed
 * (a failed build would keep the release off the site).
 */

/** How long before a release the last build's failure is reported to admins. */
export const WARN_BEFORE_MS = 30 * 60 * 1000;

const warningSchema = z.object({ message: z.string(), at: z.number(), releaseAt: z.number() });
const releaseDocSchema = z.object({
  /** The latest release time a build has been asked for: each release starts one build. */
  triggeredUpTo: z.number().default(0),
  warning: warningSchema.nullable().default(null),
});
const KEY = 'release-state';
const store = () => openStore(STORES.system);

/** A scheduled publication or event, as the admin sees it. */
export interface ScheduledRelease {
  collection: 'publications' | 'events';
  id: string;
  title: string;
  /** The release instant (ISO). */
  at: string;
  /** As the admin entered it: local time and its zone. */
  publishAt: string;
  timeZone: string;
  /** The name of the release it goes live with, if it is in one. */
  release: string | null;
}

type Scheduled = Releasable & { id: string; title: string };

async function scheduledItems(): Promise<
  { item: Scheduled; collection: ScheduledRelease['collection']; at: number }[]
> {
  // From the index rows (status, publish time and zone are there): no record is read, and only
  // the index chunks that hold scheduled rows.
  const [pubs, evs] = await Promise.all([
    publications.counted('scheduled'),
    events.counted('scheduled'),
  ]);
  const tagged = [
    ...pubs.map((item) => ({ item: item as Scheduled, collection: 'publications' as const })),
    ...evs.map((item) => ({ item: item as Scheduled, collection: 'events' as const })),
  ];
  return tagged.flatMap(({ item, collection }) => {
    const at = item.status === 'scheduled' ? releaseTime(item) : null;
    return at === null ? [] : [{ item, collection, at }];
  });
}

/**
 * Scheduled items still to come, soonest first; every release kept (scheduled ones soonest first,
 * then finished ones, newest first); and the warning of the last check, if any.
 */
export async function upcomingReleases(
  now = Date.now(),
): Promise<{ upcoming: ScheduledRelease[]; releases: ReleaseBundle[]; warning: string | null }> {
  const [items, found, doc] = await Promise.all([
    scheduledItems(),
    readJSON(store(), KEY, releaseDocSchema),
    readReleaseDoc(),
  ]);
  const scheduled = doc.bundles
    .filter((b) => b.status === 'scheduled')
    .sort((a, b) => a.at.localeCompare(b.at));
  const finished = doc.bundles
    .filter((b) => b.status !== 'scheduled')
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const releaseOf = (collection: string, id: string) =>
    scheduled.find((b) => b.items.some((i) => i.collection === collection && i.id === id))?.name ??
    null;
  const upcoming = items
    .filter(({ item }) => !isPublic(item, now))
    .sort((a, b) => a.at - b.at)
    .map(({ item, collection, at }) => ({
      collection,
      id: item.id,
      title: item.title,
      at: new Date(at).toISOString(),
      publishAt: item.publishAt ?? '',
      timeZone: item.timeZone || 'UTC',
      release: releaseOf(collection, item.id),
    }));
  const warning = found?.value.warning;
  // A warning about a release that has happened (or was unscheduled) is old news.
  const times = [
    ...upcoming.map((r) => Date.parse(r.at)),
    ...scheduled.map((b) => Date.parse(b.at)),
  ];
  const current = warning && times.includes(warning.releaseAt) ? warning.message : null;
  return { upcoming, releases: [...scheduled, ...finished], warning: current };
}

/** Who History names for what the scheduled check changes. */
const SCHEDULED_CHECK = { username: 'scheduled release' };

/**
 * Takes releases whose time has come live: writes their text changes into the settings (so later
 * edits are not overridden by them), then marks them released. Until then the build lays the texts
 * over the settings itself (release-bundles/release-doc.ts, dueTexts), so the one build at the
 * time shows them whichever runs first. Runs may overlap, and one may be cut off half-way: each
 * release is claimed first (claimRelease), from then on unchanged, and its texts' History entry,
 * written after the texts with the id the claim holds, says that they were written. A run cut
 * off between the two writes the same texts again when the claim lapses.
 */
async function releaseDue(due: ReleaseBundle[], now: number): Promise<void> {
  for (const { id } of due) {
    const bundle = await claimRelease(id, now);
    // Moved, cancelled or taken live since it was read, or another run is taking it live now.
    if (!bundle?.going) continue;
    const keys = Object.keys(bundle.texts);
    let note = 'Went live';
    if (keys.length) {
      try {
        if (!(await getHistoryEntry(bundle.going.entryId))) {
          const { before, after } = await patchSiteSettings(bundle.texts);
          await commitChange(
            SCHEDULED_CHECK,
            {
              action: 'update',
              target: 'site-settings',
              summary: `Release “${bundle.name}”: ${keys.join(', ')}`,
              before: pickFields(before, keys),
              after: pickFields(after, keys),
            },
            { rebuild: false, id: bundle.going.entryId },
          );
        }
        note = 'Went live; its text changes were written into the site settings';
      } catch (error) {
        // A text the settings refuse now (a rule added since) must not hold back the rest of the release.
        if (!(error instanceof HttpError)) throw error;
        note = `Went live, but its text changes could not be saved: ${error.message}`;
      }
    }
    await markReleased(bundle.id, note, now);
  }
}

/**
 * The scheduled check: asks for a build when a release time has passed that no build was asked
 * for yet, and records a warning when a release is near and the last build failed.
 */
export async function checkReleases(
  now = Date.now(),
): Promise<{ rebuilt: boolean; warning: string | null }> {
  // First, so a release whose item still awaits review is moved on before anything is due.
  await holdReleasesAwaitingReview(now);
  const [items, found, bundles] = await Promise.all([
    scheduledItems(),
    readJSON(store(), KEY, releaseDocSchema),
    readReleaseDoc(),
  ]);
  const doc = found?.value ?? releaseDocSchema.parse({});
  const dueBundles = dueReleases(bundles, now);
  // A release another run is taking live (its claim holds) had its build asked for by that run.
  const unclaimed = dueBundles.filter((b) => !b.going || b.going.until <= now);
  const due = [
    ...items.map((i) => i.at).filter((at) => at <= now && at > doc.triggeredUpTo),
    ...unclaimed.map((b) => Date.parse(b.at)),
  ];
  let rebuilt = false;
  if (due.length) {
    // Asked for first: if storage fails here, nothing below is marked and the next run asks again.
    // The build reads releases still marked scheduled, whose due texts it lays over the settings,
    // so the entries of those texts (releaseDue) need no rebuild of their own.
    await publish();
    rebuilt = true;
  }
  await releaseDue(dueBundles, now);
  const scheduledBundles = bundles.bundles
    .filter((b) => b.status === 'scheduled')
    .map((b) => Date.parse(b.at));
  const next = [...items.map((i) => i.at), ...scheduledBundles]
    .filter((at) => at > now)
    .sort((a, b) => a - b)[0];
  let warning: z.infer<typeof warningSchema> | null = null;
  if (next !== undefined && next - now <= WARN_BEFORE_MS) {
    const state = await getPublishState();
    if (state.state === 'failed') {
      warning = {
        message: `The last build failed${state.lastError ? ` (${state.lastError})` : ''}. A release is scheduled for ${formatDateTime(next, 'UTC')}: it goes live only if a build succeeds. Fix the cause and press Publish now.`,
        at: now,
        releaseAt: next,
      };
    }
  }
  if (rebuilt || (warning?.message ?? null) !== (doc.warning?.message ?? null)) {
    await updateJSON(
      store(),
      KEY,
      releaseDocSchema,
      () => ({}),
      (d) => ({
        triggeredUpTo: Math.max(d.triggeredUpTo, ...due),
        warning,
      }),
    );
    // A new warning (not the same one checked again a minute later) is worth an email.
    if (warning && warning.message !== doc.warning?.message) noteEvent('release-at-risk', now);
  }
  return { rebuilt, warning: warning?.message ?? null };
}
