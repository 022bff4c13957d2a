import type { IssueItem } from '../../../schemas/newsletter-issue';
import { imageAltText } from '../../../schemas/image-alt';
import { isPublic } from '../../../schemas/release';
import { formatStoredDay } from '../../../lib/date-style';
import { imageCdnUrl, resizable } from '../../../lib/responsive-image';
import { publicationSummary } from '../../../lib/publication-summary';
import { events, publications } from '../../content/collections';

/** One card of an issue: a public publication or event, with paths on this site only. */
export interface IssueCard {
  title: string;
  summary: string;
  /** A line under the title: the publication's type and date, the event's date and place. */
  meta: string;
  /** The record's page on this site (a path). */
  path: string;
  /** The image through this site's image CDN (a path), or null when it has none on this site. */
  image: { path: string; alt: string } | null;
}

/** Pixels wide of a card's image: the message's column, sharp on a 2x screen. */
const CARD_IMAGE_WIDTH = 1120;

const SUMMARY_CHARS = 320;
const shorten = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= SUMMARY_CHARS ? flat : `${flat.slice(0, SUMMARY_CHARS - 1).trimEnd()}…`;
};

/** An image on this site as its CDN path; an image elsewhere is left out (mail links only here). */
const siteImage = (src: string, alt: string) =>
  src && resizable(src) ? { path: imageCdnUrl(src, CARD_IMAGE_WIDTH), alt } : null;

/**
 * The cards of an issue, in its order. Items that are gone or not public (a draft, an embargo
 * not yet lifted) are left out: an issue never shows what visitors cannot open.
 */
export async function issueCards(items: IssueItem[], now = Date.now()): Promise<IssueCard[]> {
  // Only the records the issue names (one read each), never the whole collection.
  const ids = (c: IssueItem['collection']) =>
    items.filter((i) => i.collection === c).map((i) => i.id);
  const [pubs, evs] = await Promise.all([
    publications.getMany(ids('publications')),
    events.getMany(ids('events')),
  ]);
  return items.flatMap((item): IssueCard[] => {
    if (item.collection === 'publications') {
      const p = pubs.find((r) => r.id === item.id);
      if (!p || !isPublic(p, now) || !p.slug) return [];
      return [
        {
          title: p.title,
          summary: shorten(publicationSummary(p)),
          meta: [p.type, p.date || p.publishedOn].filter(Boolean).join(' · '),
          path: `/publications/${p.slug}`,
          image: siteImage(p.image, imageAltText(p)),
        },
      ];
    }
    const e = evs.find((r) => r.id === item.id);
    if (!e || !isPublic(e, now) || !e.slug) return [];
    return [
      {
        title: e.title,
        summary: shorten(e.description),
        meta: [formatStoredDay(e.startDate), e.location].filter(Boolean).join(' · '),
        path: `/events/${e.slug}`,
        image: siteImage(e.imageUrl, imageAltText(e)),
      },
    ];
  });
}
