import type { KeyedCollection } from '../keyed-collection';
import { researchAreas, stats, teamMembers } from './document-collections';
import { events } from './events';
import { publications } from './publications';
import type { SingleCollection } from './single-collection';

export { researchAreas, stats, teamMembers } from './document-collections';
export { CARD_DESCRIPTION_CHARS, events, upcomingEventCount, type EventRow } from './events';
export { publications, type PublicationRow } from './publications';
export { collection, type SingleCollection } from './single-collection';

/*
 * The admin-edited collections. Research areas, team members and stats stay small: each is one
 * JSON document (single-collection.ts, the three in document-collections.ts). Publications and
 * events grow into the thousands: one key per record and an index of rows (keyed-collection/),
 * in publications.ts and events.ts, which share releasable.ts (a scheduled record's time, what
 * every index row holds).
 */

/** One admin-edited collection, however it is stored. */
export type Collection = SingleCollection | KeyedCollection;

/** The collections by their API name (also the first segment of history targets). */
export const COLLECTIONS: Record<string, Collection> = {
  'research-areas': researchAreas,
  'team-members': teamMembers,
  publications,
  stats,
  events,
};
