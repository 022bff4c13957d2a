import { z } from 'zod';
import { isPublic, releaseTime, type Releasable } from '../schemas/release';
import { events, publications } from './collections';
import { noteEvent } from './notify';
import { getPublishState, requestRebuild } from './publish';
import { openStore, readJSON, STORES, updateJSON } from './store';

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
}

type Scheduled = Releasable & { id: string; title: string };

async function scheduledItems(): Promise<{ item: Scheduled; collection: ScheduledRelease['collection']; at: number }[]> {
  const [pubs, evs] = await Promise.all([publications.list(), events.list()]);
  const tagged = [
    ...pubs.map((item) => ({ item: item as Scheduled, collection: 'publications' as const })),
    ...evs.map((item) => ({ item: item as Scheduled, collection: 'events' as const })),
  ];
  return tagged.flatMap(({ item, collection }) => {
    const at = item.status === 'scheduled' ? releaseTime(item) : null;
    return at === null ? [] : [{ item, collection, at }];
  });
}

/** Releases still to come, soonest first, and the warning of the last check, if any. */
export async function upcomingReleases(now = Date.now()): Promise<{ upcoming: ScheduledRelease[]; warning: string | null }> {
  const [items, found] = await Promise.all([scheduledItems(), readJSON(store(), KEY, releaseDocSchema)]);
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
    }));
  const warning = found?.value.warning;
  // A warning about a release that has happened (or was unscheduled) is old news.
  const current = warning && upcoming.some((r) => Date.parse(r.at) === warning.releaseAt) ? warning.message : null;
  return { upcoming, warning: current };
}

/**
 * The scheduled check: asks for a build when a release time has passed that no build was asked
 * for yet, and records a warning when a release is near and the last build failed.
 */
export async function checkReleases(now = Date.now()): Promise<{ rebuilt: boolean; warning: string | null }> {
  const [items, found] = await Promise.all([scheduledItems(), readJSON(store(), KEY, releaseDocSchema)]);
  const doc = found?.value ?? releaseDocSchema.parse({});
  const due = items.map((i) => i.at).filter((at) => at <= now && at > doc.triggeredUpTo);
  let rebuilt = false;
  if (due.length) {
    // Asked for first: if storage fails here, the mark below is not written and the next run asks again.
    await requestRebuild();
    rebuilt = true;
  }
  const next = items.map((i) => i.at).filter((at) => at > now).sort((a, b) => a - b)[0];
  let warning: z.infer<typeof warningSchema> | null = null;
  if (next !== undefined && next - now <= WARN_BEFORE_MS) {
    const state = await getPublishState();
    if (state.state === 'failed') {
      warning = {
        message: `The last build failed${state.lastError ? ` (${state.lastError})` : ''}. A release is scheduled for ${new Date(next).toISOString().replace('T', ' ').slice(0, 16)} UTC: it goes live only if a build succeeds. Fix the cause and press Publish now.`,
        at: now,
        releaseAt: next,
      };
    }
  }
  if (rebuilt || (warning?.message ?? null) !== (doc.warning?.message ?? null)) {
    await updateJSON(store(), KEY, releaseDocSchema, () => ({}), (d) => ({
      triggeredUpTo: Math.max(d.triggeredUpTo, ...due),
      warning,
    }));
    // A new warning (not the same one checked again a minute later) is worth an email.
    if (warning && warning.message !== doc.warning?.message) noteEvent('release-at-risk', now);
  }
  return { rebuilt, warning: warning?.message ?? null };
}
