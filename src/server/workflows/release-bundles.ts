/**
 * Releases: several publications, events and site texts that go live together at one time. All
 * releases live in one small document (few are ever scheduled at once), so every build reads them
 * with one request and every change is one etag-guarded update. Items are scheduled for the
 * release's time on the records themselves, so everything that already honours an embargo (pages,
 * feeds, the public API, preview links) honours a release too.
 */
import { humanize } from '../../schemas/field-label';
import { isPublic, releaseTime } from '../../schemas/release';
import {
  KEPT_FINISHED_RELEASES,
  MAX_SCHEDULED_RELEASES,
  releaseDocSchema,
  withLog,
  type ReleaseBundle,
  type ReleaseCreate,
  type ReleaseDoc,
  type ReleaseItem,
  type ReleaseUpdate,
} from '../../schemas/release-bundle';
import { SETTINGS_IMAGE_KEYS, type SiteTextsPatch } from '../../schemas/site-settings';
import type { User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { commitChange } from '../publishing/history';
import { missingAltText } from '../content/image-alt';
import { importImages } from '../content/image-import';
import { releaseRecord, setItemSchedule, type ReleaseRecord } from './release-items';
import { zoneOrSite } from './site-zone';
import { openStore, singleDocument, STORES } from '../storage/store';

const releases = singleDocument(
  () => openStore(STORES.content),
  'release-bundles',
  releaseDocSchema,
  () => ({ bundles: [] }),
);

/** Every stored release (scheduled ones and the most recent finished ones). */
export const readReleaseDoc = (): Promise<ReleaseDoc> => releases.read();

/** Scheduled releases whose time has come by `now`, oldest first. */
export const dueReleases = (doc: ReleaseDoc, now: number) =>
  doc.bundles
    .filter((b) => b.status === 'scheduled' && Date.parse(b.at) <= now)
    .sort((a, b) => a.at.localeCompare(b.at));

/**
 * The text changes a build at `now` lays over the stored settings: those of releases whose time
 * has come but which the scheduled check has not yet written into the settings. So the one build
 * at the release time shows them, and none before it does.
 */
export const dueTexts = (doc: ReleaseDoc, now: number): SiteTextsPatch =>
  Object.assign({}, ...dueReleases(doc, now).map((b) => b.texts)) as SiteTextsPatch;

/** One release by id; 404 when there is none. */
export async function getRelease(id: string): Promise<ReleaseBundle> {
  const found = (await readReleaseDoc()).bundles.find((b) => b.id === id);
  if (!found) throw new HttpError(404, 'No release with that id');
  return found;
}

const key = (i: ReleaseItem) => `${i.collection}/${i.id}`;

/** The instant a local time names; a 400 unless it is still to come. */
function futureInstant(publishAt: string, timeZone: string, now = Date.now()): number {
  const at = releaseTime({ publishAt, timeZone });
  if (at === null)
    throw new HttpError(400, 'That date and time does not exist', {
      publishAt: 'That date and time does not exist',
    });
  if (at <= now)
    throw new HttpError(400, 'Choose a release time in the future', {
      publishAt: 'Choose a release time in the future',
    });
  return at;
}

/**
 * Checks items before they join a release: each exists, is not public already, and (as it will be
 * scheduled, so in public view at the time) has alt text for its images. Answers the records.
 */
async function admissible(items: ReleaseItem[]): Promise<ReleaseRecord[]> {
  const records: ReleaseRecord[] = [];
  for (const item of items) {
    const record = await releaseRecord(item);
    if (!record)
      throw new HttpError(
        404,
        `No ${item.collection === 'publications' ? 'publication' : 'event'} with id ${item.id}`,
        { items: `No such item: ${item.id}` },
      );
    if (isPublic(record.item))
      throw new HttpError(
        409,
        `“${record.title}” is already public: a release takes drafts and scheduled items`,
        { items: `“${record.title}” is already public` },
      );
    const [missing] = missingAltText({ ...record.item, status: 'scheduled' }, record.imageField);
    if (missing)
      throw new HttpError(400, `“${record.title}”: ${missing.message}`, { items: missing.message });
    records.push(record);
  }
  return records;
}

/** A 409 when an item already belongs to another scheduled release (an item has one release time). */
function assertNotElsewhere(doc: ReleaseDoc, items: ReleaseItem[], self: string | null) {
  for (const other of doc.bundles) {
    if (other.id === self || other.status !== 'scheduled') continue;
    const clash = items.find((i) => other.items.some((o) => key(o) === key(i)));
    if (clash)
      throw new HttpError(
        409,
        `An item is already in the release “${other.name}”: take it out there first`,
        { items: `Already in “${other.name}”` },
      );
  }
}

/** Finished releases beyond the kept number are dropped, oldest first. */
function pruned(bundles: ReleaseBundle[]): ReleaseBundle[] {
  const finished = bundles
    .filter((b) => b.status !== 'scheduled')
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const dropped = new Set(finished.slice(KEPT_FINISHED_RELEASES).map((b) => b.id));
  return bundles.filter((b) => !dropped.has(b.id));
}

/** The texts a release changes, as the admin labels them ('Hero title, Footer tagline'). */
const describeTexts = (texts: SiteTextsPatch) =>
  Object.keys(texts).map(humanize).join(', ') || 'none';

/** Items by their titles ('“Launch Report”, “Launch Webinar”'), never their ids. */
async function describeItems(items: readonly ReleaseItem[]): Promise<string> {
  const titles = await Promise.all(
    items.map(async (i) => {
      const record = await releaseRecord(i);
      return record
        ? `“${record.title}”`
        : `a deleted ${i.collection === 'events' ? 'event' : 'publication'}`;
    }),
  );
  return titles.join(', ');
}

/** Makes a release and schedules its items for its time. */
export async function createRelease(
  user: Pick<User, 'username'>,
  input: ReleaseCreate,
): Promise<ReleaseBundle> {
  const timeZone = await zoneOrSite(input.timeZone);
  const at = futureInstant(input.publishAt, timeZone);
  await admissible(input.items);
  const now = new Date().toISOString();
  const made = withLog(
    {
      id: crypto.randomUUID(),
      name: input.name,
      publishAt: input.publishAt,
      timeZone,
      at: new Date(at).toISOString(),
      items: input.items,
      texts: await importImages(input.texts, SETTINGS_IMAGE_KEYS),
      status: 'scheduled',
      createdAt: now,
      createdBy: user.username,
      updatedAt: now,
      releasedAt: null,
      log: [],
    },
    user.username,
    'create',
    `Created for ${input.publishAt.replace('T', ' ')} (${timeZone}) with ${input.items.length ? await describeItems(input.items) : 'no items'}; text changes: ${describeTexts(input.texts)}`,
  );
  await releases.update((doc) => {
    if (doc.bundles.filter((b) => b.status === 'scheduled').length >= MAX_SCHEDULED_RELEASES) {
      throw new HttpError(
        409,
        `At most ${MAX_SCHEDULED_RELEASES} releases can be scheduled at once: cancel or finish one first`,
      );
    }
    assertNotElsewhere(doc, input.items, null);
    return { bundles: pruned([...doc.bundles, made]) };
  });
  const scheduled = await scheduleItems(user, made, input.items);
  await commitChange(
    user,
    { action: 'create', target: `releases/${made.id}`, summary: made.name, after: made },
    { rebuild: scheduled },
  );
  return made;
}

/**
 * Schedules items for the release's time (each change in History); answers whether any item
 * changed, so the release's own entry asks for one rebuild for them all.
 */
async function scheduleItems(
  user: Pick<User, 'username'>,
  bundle: ReleaseBundle,
  items: ReleaseItem[],
): Promise<boolean> {
  let changed = false;
  for (const item of items) {
    // One deleted (or published by hand) since it was checked is left alone: the check names it.
    const record = await releaseRecord(item);
    if (!record || isPublic(record.item)) continue;
    await setItemSchedule(
      user,
      item,
      { status: 'scheduled', publishAt: bundle.publishAt, timeZone: bundle.timeZone },
      `in the release “${bundle.name}”`,
    );
    changed = true;
  }
  return changed;
}

/**
 * Puts items back to draft, unless someone has since published them or given them a time of
 * their own: only what the release scheduled is undone. Answers whether any item changed.
 */
async function unscheduleItems(
  user: Pick<User, 'username'>,
  bundle: ReleaseBundle,
  items: ReleaseItem[],
): Promise<boolean> {
  let changed = false;
  for (const item of items) {
    const record = await releaseRecord(item);
    if (
      !record ||
      record.item.status !== 'scheduled' ||
      releaseTime(record.item) !== Date.parse(bundle.at)
    )
      continue;
    await setItemSchedule(user, item, { status: 'draft' }, `out of the release “${bundle.name}”`);
    changed = true;
  }
  return changed;
}

const stillScheduled = (bundle: ReleaseBundle | undefined): ReleaseBundle => {
  if (!bundle) throw new HttpError(404, 'No release with that id');
  if (bundle.status !== 'scheduled')
    throw new HttpError(409, `This release was ${bundle.status} and can no longer change`);
  return bundle;
};

/** Renames, reschedules (moving all its items), or replaces its items or text changes. */
export async function updateRelease(
  user: Pick<User, 'username'>,
  id: string,
  patch: ReleaseUpdate,
): Promise<ReleaseBundle> {
  const current = stillScheduled((await readReleaseDoc()).bundles.find((b) => b.id === id));
  const publishAt = patch.publishAt ?? current.publishAt;
  const timeZone = await zoneOrSite(patch.timeZone ?? current.timeZone);
  const moved = publishAt !== current.publishAt || timeZone !== current.timeZone;
  const at = moved ? futureInstant(publishAt, timeZone) : Date.parse(current.at);
  const items = patch.items ?? current.items;
  const added = items.filter((i) => !current.items.some((c) => key(c) === key(i)));
  const removed = current.items.filter((c) => !items.some((i) => key(i) === key(c)));
  // A new time re-saves every item, so all of them must still be fit to schedule.
  await admissible(moved ? items : added);
  const lines: [string, string][] = [];
  if (patch.name !== undefined && patch.name !== current.name)
    lines.push(['rename', `Renamed from “${current.name}” to “${patch.name}”`]);
  if (moved)
    lines.push([
      'reschedule',
      `Moved from ${current.publishAt.replace('T', ' ')} (${current.timeZone}) to ${publishAt.replace('T', ' ')} (${timeZone})`,
    ]);
  if (added.length) lines.push(['add-items', `Added ${await describeItems(added)}`]);
  if (removed.length) lines.push(['remove-items', `Took out ${await describeItems(removed)}`]);
  if (patch.texts !== undefined)
    lines.push(['texts', `Text changes: ${describeTexts(patch.texts)}`]);
  // A text change's image comes onto this site as a settings save's does, before it is kept.
  const texts = patch.texts && (await importImages(patch.texts, SETTINGS_IMAGE_KEYS));
  let next: ReleaseBundle | undefined;
  await releases.update((doc) => {
    const fresh = stillScheduled(doc.bundles.find((b) => b.id === id));
    // Someone else changed the release meanwhile: what this edit was worked out from is stale.
    if (fresh.updatedAt !== current.updatedAt)
      throw new HttpError(
        409,
        'Someone else changed this release meanwhile: reload it and try again',
      );
    assertNotElsewhere(doc, added, id);
    next = lines.reduce((b, [action, summary]) => withLog(b, user.username, action, summary), {
      ...fresh,
      name: patch.name ?? fresh.name,
      publishAt,
      timeZone,
      at: new Date(at).toISOString(),
      items,
      texts: texts ?? fresh.texts,
      updatedAt: new Date().toISOString(),
    });
    return { bundles: doc.bundles.map((b) => (b.id === id ? next! : b)) };
  });
  const unscheduled = await unscheduleItems(user, current, removed);
  const scheduled = await scheduleItems(user, next!, moved ? items : added);
  const summary = `${next!.name}: ${lines.map(([, s]) => s).join('; ') || 'no change'}`;
  await commitChange(
    user,
    { action: 'update', target: `releases/${id}`, summary, before: current, after: next },
    { rebuild: unscheduled || scheduled },
  );
  return next!;
}

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
