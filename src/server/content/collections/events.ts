import { z } from 'zod';
import { eventSchema, type Event } from '../../../schemas/event';
import { HttpError } from '../../http/errors';
import { assertImagesDescribed } from '../image-alt';
import { keyedCollection, type Row } from '../keyed-collection';
import { releaseHasTime, rowBase } from './releasable';

/** An event's index row: what its card shows (the public lists answer rows), description cut. */
export type EventRow = Row &
  Pick<
    Event,
    | 'eventType'
    | 'startDate'
    | 'endDate'
    | 'startTime'
    | 'endTime'
    | 'featured'
    | 'location'
    | 'isVirtual'
    | 'virtualLink'
    | 'registrationLink'
    | 'imageUrl'
    | 'youtubeUrl'
    | 'maxAttendees'
  > & {
    hasImage: boolean;
    /** Missing from rows written before rows held the card's fields. */
    description?: string;
  };

/**
 * How much of an event's description its row keeps. A card shows three lines of it, about 300
 * characters in its widest (one-column) layout, so the lists answered from rows show what the
 * whole description would; the event's page and GET /api/events/:id have it whole. Cut, it keeps
 * every row small whatever an editor writes (descriptions may be 5,000 characters).
 */
export const CARD_DESCRIPTION_CHARS = 400;
const cardDescription = (text: string) =>
  text.length <= CARD_DESCRIPTION_CHARS
    ? text
    : `${text.slice(0, CARD_DESCRIPTION_CHARS - 1).trimEnd()}…`;

const endNotBeforeStart = (e: { startDate: string; endDate: string }) => {
  if (e.endDate < e.startDate) {
    throw new HttpError(400, 'End date must not be before the start date', {
      endDate: 'End date must not be before the start date',
    });
  }
};

/** An event row's place by start date, ties in the index's order (order keys sort as strings). */
const byStartDate = (row: { startDate?: unknown; orderKey: string }) =>
  `${String(row.startDate)}\u0000${row.orderKey}`;

export const events = keyedCollection('events', eventSchema, {
  newFirst: true,
  imageField: 'imageUrl',
  // Upcoming until its end (isPastEvent): the dashboard's count reads the index head alone.
  openUntil: (row) => Date.parse(String(row.endDate)),
  // The public lists are by start date (ties in the index's order): listings kept in that order
  // beside the index, so a page of them reads only its chunks.
  sorted: {
    // The upcoming list is a page of it: its entries keep when their events end.
    byDate: { key: byStartDate, open: true },
    featuredByDate: { key: byStartDate, only: (row) => row.featured === true },
  },
  check: (e, changed) => {
    endNotBeforeStart(e);
    releaseHasTime(e);
    assertImagesDescribed(e, 'imageUrl', changed);
  },
  rowFields: {
    hasImage: z.boolean().default(false),
    eventType: z.string().default(''),
    startDate: z.string(),
    endDate: z.string(),
    featured: z.boolean().default(false),
    location: z.string().default(''),
    imageUrl: z.string().default(''),
    // The rest of the card's fields: the public lists answer rows without reading records.
    description: z.string().optional(),
    startTime: z.string().default(''),
    endTime: z.string().default(''),
    isVirtual: z.boolean().default(false),
    virtualLink: z.string().default(''),
    registrationLink: z.string().default(''),
    youtubeUrl: z.string().default(''),
    maxAttendees: z.number().nullable().optional(),
  },
  toRow: (e) => ({
    ...rowBase(e, 'imageUrl'),
    location: e.location,
    imageUrl: e.imageUrl,
    eventType: e.eventType,
    startDate: e.startDate,
    endDate: e.endDate,
    featured: e.featured,
    description: cardDescription(e.description),
    startTime: e.startTime,
    endTime: e.endTime,
    isVirtual: e.isVirtual,
    virtualLink: e.virtualLink,
    registrationLink: e.registrationLink,
    youtubeUrl: e.youtubeUrl,
    maxAttendees: e.maxAttendees,
  }),
});

/** How many events have not ended yet (drafts too): from the index head, reading no row. */
export const upcomingEventCount = (now = Date.now()): Promise<number> => events.openAt(now);
