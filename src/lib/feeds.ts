/**
 * The RSS feeds of publications and events: their addresses (linked from every page's head)
 * and the items they list. Pure, so the feed routes and tests share them.
 */
import type { RSSFeedItem } from '@astrojs/rss';
import { eventUrl, longDay } from './event-page';
import { eventTimeRange } from './event-times';
import { publicationUrl } from './publication-archive';
import { publicationDate, type Dated } from './publication-date';

export const PUBLICATIONS_FEED = '/publications/feed.xml';
export const EVENTS_FEED = '/events/feed.xml';

/** Newest first, at most this many: a feed is for what changed lately. */
export const FEED_SIZE = 50;

interface FeedPublication extends Dated {
  slug: string;
  title: string;
  description: string;
  /** The authors' names, in order. */
  authors: readonly string[];
  type: string;
  createdAt: string;
}

/** When a publication came out: its own date when it has a day, else when it was added. */
function publishedOn(p: FeedPublication): Date {
  const d = publicationDate(p);
  const added = new Date(p.createdAt);
  if (!d) return added;
  // A date without a day ('March 2025') is dated the month's first day, unless added within that month.
  const own = new Date(Date.UTC(d.year, (d.month ?? 1) - 1, d.day ?? 1));
  return d.day ||
    own.getUTCFullYear() !== added.getUTCFullYear() ||
    own.getUTCMonth() !== added.getUTCMonth()
    ? own
    : added;
}

export function publicationFeedItems(publications: readonly FeedPublication[]): RSSFeedItem[] {
  return publications
    .map((p) => ({ p, at: publishedOn(p) }))
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, FEED_SIZE)
    .map(({ p, at }) => ({
      title: p.title,
      link: publicationUrl(p),
      pubDate: at,
      description: p.authors.length ? `${p.authors.join(', ')}. ${p.description}` : p.description,
      categories: [p.type],
    }));
}

interface FeedEvent {
  slug: string;
  title: string;
  description: string;
  eventType: string;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  eventTimeZone: string;
  location: string;
  isVirtual: boolean;
  createdAt: string;
}

/** Events by start date, latest first; each item says when and where. */
export function eventFeedItems(events: readonly FeedEvent[]): RSSFeedItem[] {
  return events
    .slice()
    .sort((a, b) => b.startDate.localeCompare(a.startDate))
    .slice(0, FEED_SIZE)
    .map((e) => {
      const when = [longDay(e.startDate), eventTimeRange(e)].filter(Boolean).join(', ');
      const where = e.isVirtual ? 'Virtual Event' : e.location;
      return {
        title: e.title,
        link: eventUrl(e),
        pubDate: new Date(e.createdAt),
        description: [`${when}${where ? ` · ${where}` : ''}`, e.description]
          .filter(Boolean)
          .join('. '),
        categories: [e.eventType],
      };
    });
}
