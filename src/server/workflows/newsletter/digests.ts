import { createHash } from 'node:crypto';
import type { IssueCreate, IssueItem } from '../../../schemas/newsletter-issue';
import { releaseTime } from '../../../schemas/release';
import { SITE } from '../../../site.config';
import { events, publications, researchAreas } from '../../content/collections';
import { readReleaseDoc } from '../release-bundles';
import { createIssueOnce } from './issues';
import { getNewsletterSettings } from './sending-settings';

/*
 * Digests: when a scheduled release (or a scheduled publication or event on its own) goes public,
 * a draft issue is prepared for the subscribers of its topics, its items as cards. Each source
 * gets one digest: the issue's id is derived from the source, and an issue is created only if its
 * id is new, so the check running every minute (or twice at once) prepares it once. With
 * `digestAutoSend` on, the new digest is made scheduled `digestDelayMinutes` later (in the write
 * that makes it, so a run cut off after it cannot leave it a draft), and can be cancelled back to
 * a draft until then.
 */

/** Releases that went public longer ago than this get no digest (the feature switched on late). */
const WINDOW_MS = 24 * 60 * 60_000;

interface Source {
  key: string;
  items: IssueItem[];
}

const digestId = (source: string) =>
  `digest-${createHash('sha256').update(source).digest('hex').slice(0, 32)}`;

/** What went public in the window: each release with its items, then items scheduled alone. */
async function wentPublic(now: number): Promise<Source[]> {
  // Status and publish time are in the index rows: no record is read, and only the index
  // chunks that hold scheduled rows.
  const [pubs, evs, doc] = await Promise.all([
    publications.counted('scheduled'),
    events.counted('scheduled'),
    readReleaseDoc(),
  ]);
  const inWindow = (at: number | null) => at !== null && at <= now && at > now - WINDOW_MS;
  const sources: Source[] = [];
  const inRelease = new Set<string>();
  for (const bundle of doc.bundles) {
    if (bundle.status === 'cancelled' || !inWindow(Date.parse(bundle.at))) continue;
    bundle.items.forEach((i) => inRelease.add(`${i.collection}:${i.id}`));
    sources.push({ key: `release:${bundle.id}`, items: bundle.items.slice(0, 20) });
  }
  const alone = [
    ...pubs.map((p) => ({ record: p, collection: 'publications' as const })),
    ...evs.map((e) => ({ record: e, collection: 'events' as const })),
  ].filter(
    ({ record, collection }) =>
      record.status === 'scheduled' &&
      inWindow(releaseTime(record)) &&
      !inRelease.has(`${collection}:${record.id}`),
  );
  for (const { record, collection } of alone)
    sources.push({ key: `${collection}:${record.id}`, items: [{ collection, id: record.id }] });
  return sources;
}

/**
 * Prepares the digests of what went public (run by the release check every minute). Answers
 * how many digests it created now.
 */
export async function prepareDigests(now = Date.now()): Promise<number> {
  const sources = await wentPublic(now);
  if (!sources.length) return 0;
  const settings = await getNewsletterSettings();
  const sendAt = settings.digestAutoSend
    ? new Date(now + settings.digestDelayMinutes * 60_000).toISOString()
    : undefined;
  let created = 0;
  for (const source of sources) {
    const { created: isNew } = await createIssueOnce(
      digestId(source.key),
      'system',
      () => digestOf(source),
      { origin: 'digest', digestOf: source.key },
      sendAt,
    );
    if (isNew) created++;
  }
  return created;
}

/**
 * A digest's subject, items and topics, from its items' records (at most 20, read only when the
 * digest is to be made); null when none of them is left.
 */
async function digestOf(source: Source): Promise<IssueCreate | null> {
  const ids = (collection: IssueItem['collection']) =>
    source.items.filter((i) => i.collection === collection).map((i) => i.id);
  const [pubs, evs, areas] = await Promise.all([
    publications.getMany(ids('publications')),
    events.getMany(ids('events')),
    researchAreas.list(),
  ]);
  // What a digest needs of a record, publication or event alike.
  const byKey = new Map<string, { title: string; topics?: string[] }>([
    ...pubs.map((r) => [`publications:${r.id}`, r] as const),
    ...evs.map((r) => [`events:${r.id}`, r] as const),
  ]);
  const records = source.items.flatMap((i) => byKey.get(`${i.collection}:${i.id}`) ?? []);
  if (!records.length) return null;
  const slugOf = new Map(areas.map((a) => [a.id, a.slug]));
  const topics = [
    ...new Set(records.flatMap((r) => (r.topics ?? []).flatMap((t) => slugOf.get(t) ?? []))),
  ].filter(Boolean);
  const first = records[0]!.title;
  const subject = (records.length > 1 ? `${first} and ${records.length - 1} more` : first).slice(
    0,
    200,
  );
  return { subject, intro: `New from ${SITE.name}:`, items: source.items, topics };
}
