/**
 * A release never goes live with a change of one of its items still awaiting review: the release
 * would publish the item as it is, and the reviewed change after it. Releases go live by time
 * alone (their items are scheduled records, release-bundles/), so a release that would come due
 * while one of its items (or a text it changes) has an open proposal is moved on before its time,
 * a step at a time, until the proposals are decided; its log says why, and its author is told.
 */
import { localDateTime } from '../../lib/vtimezone';
import { SITE_SETTINGS_SUBJECT, type Proposal } from '../../schemas/proposal';
import type { ReleaseBundle } from '../../schemas/release-bundle';
import { HttpError } from '../http/errors';
import { openProposalsOn } from './proposal-store';
import { readReleaseDoc, updateRelease } from './release-bundles';
import { noteReleaseHeld } from './proposal-mail';

/**
 * How far ahead of its time a release is held. The scheduled check runs every minute: two
 * minutes ahead, no build at the release's time can come before the hold.
 */
export const HOLD_AHEAD_MS = 2 * 60_000;
/** How far a held release moves each time. */
export const HOLD_STEP_MS = 10 * 60_000;

/** Who History and the release's log name for a hold. */
const REVIEW_HOLD = { username: 'review hold' };

export interface ReviewBlock {
  /** 'publications/<id>', or 'texts'. */
  target: string;
  proposal: Proposal;
}

/** The open proposals that stand in a release's way: on its items, and on the texts it changes. */
export async function reviewBlocks(bundle: ReleaseBundle): Promise<ReviewBlock[]> {
  const blocks: ReviewBlock[] = [];
  for (const ref of bundle.items)
    for (const proposal of await openProposalsOn(ref.collection, ref.id))
      blocks.push({ target: `${ref.collection}/${ref.id}`, proposal });
  const texts = Object.keys(bundle.texts);
  if (texts.length)
    for (const proposal of await openProposalsOn(SITE_SETTINGS_SUBJECT))
      if (Object.keys(proposal.changes).some((k) => texts.includes(k)))
        blocks.push({ target: 'texts', proposal });
  return blocks;
}

/** What the release check and the release's log say of one block. */
export const blockMessage = ({ proposal: p }: ReviewBlock): string =>
  `“${p.label}” has a change awaiting review (proposed by ${p.author}): the release waits until it is approved, rejected or withdrawn`;

/** 'YYYY-MM-DDTHH:MM' in `zone` for an instant, as releases are scheduled. */
const localMinute = (zone: string, ms: number) =>
  localDateTime(zone, ms).replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d).*$/, '$1-$2-$3T$4:$5');

/**
 * The scheduled check's step before anything goes live: each scheduled release due within
 * HOLD_AHEAD_MS that has an open proposal moves on by HOLD_STEP_MS. Answers the held releases'
 * names. A release that cannot be moved (its items no longer fit) is left to the release check.
 */
export async function holdReleasesAwaitingReview(now = Date.now()): Promise<string[]> {
  const soon = (await readReleaseDoc()).bundles.filter(
    (b) => b.status === 'scheduled' && Date.parse(b.at) - now <= HOLD_AHEAD_MS,
  );
  const held: string[] = [];
  for (const bundle of soon) {
    const blocks = await reviewBlocks(bundle);
    if (!blocks.length) continue;
    const publishAt = localMinute(
      bundle.timeZone,
      Math.max(now, Date.parse(bundle.at)) + HOLD_STEP_MS,
    );
    try {
      // Only the release as listed: another run of the check (runs may overlap) that held it
      // meanwhile has moved it and told its author, and a second hold would do both again.
      await updateRelease(REVIEW_HOLD, bundle.id, { publishAt }, bundle.updatedAt);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      console.error(`Could not hold release ${bundle.name}: ${error.message}`);
      continue;
    }
    held.push(bundle.name);
    await noteReleaseHeld(bundle, blocks.map(blockMessage));
  }
  return held;
}
