/**
 * Every output the build makes from one publication or one event, made once before the pages
 * are: what throws here would have thrown in a page or a companion file and failed the whole
 * build. These call the same functions the pages and routes call, with a placeholder origin.
 */
import {
  apaCitation,
  attachment,
  bibtex,
  citationMeta,
  downloadName,
  ris,
} from '../../lib/citation';
import { refNames } from '../../lib/people';
import { isoPartialDate, publicationDate } from '../../lib/publication-date';
import { eventIcs } from '../../lib/event-calendar';
import { eventAction, eventTimeLabel } from '../../lib/event-card';
import { capacityLabel, longDay } from '../../lib/event-page';
import { eventSchedule, eventTimeRange } from '../../lib/event-times';
import { eventJsonLd, publicationJsonLd, serializeJsonLd } from '../../lib/json-ld';
import type { Event } from '../../schemas/event';
import { shownImage } from '../../schemas/image-source';
import type { Publication } from '../../schemas/publication';
import { SITE } from '../../site.config';

// The site's own address and name (a placeholder outside a build), so that what a check writes is
// what the pages write: an event's calendar file is then written once (eventIcs keeps it).
const ORIGIN = new URL(import.meta.env?.SITE || 'https://example.org').origin;
const site = { origin: ORIGIN, name: SITE.name };
const abs = (path: string) => new URL(path, ORIGIN).href;

export function renderPublication(record: Publication): void {
  const p = { ...record, authors: refNames(record.authors) };
  const url = abs(`/publications/${p.slug}`);
  const ctx = { publisher: site.name, url, pdfUrl: p.pdf ? abs(p.pdf) : undefined };
  citationMeta(p, ctx);
  apaCitation(p, ctx);
  bibtex(p, ctx);
  ris(p, ctx);
  new Headers({ 'Content-Disposition': attachment(downloadName(p.slug, 'ris')) });
  const date = publicationDate(p);
  const datePublished = date ? isoPartialDate(date) : undefined;
  serializeJsonLd(
    publicationJsonLd(
      {
        title: p.title,
        description: p.description,
        type: p.type,
        authors: p.authors.map((name) => ({ name, url })),
        datePublished,
        url,
        image: abs(p.image || '/'),
        pdfUrl: ctx.pdfUrl,
        doi: p.doi || undefined,
      },
      site,
    ),
  );
}

export function renderEvent(e: Event, now: number): void {
  const url = abs(`/events/${e.slug}`);
  const schedule = eventSchedule(e);
  const speakers = refNames(e.speakers).map((name) => ({ name, url }));
  serializeJsonLd(
    eventJsonLd(
      {
        title: e.title,
        description: e.description,
        startDate: schedule.start,
        endDate: schedule.end,
        isVirtual: e.isVirtual,
        location: e.location,
        url,
        image: abs(e.imageUrl || '/'),
        maxAttendees: e.maxAttendees,
        speakers,
      },
      site,
    ),
  );
  eventAction(e, now);
  eventTimeLabel(e);
  eventTimeRange(e);
  longDay(e.startDate);
  longDay(e.endDate);
  capacityLabel(e.maxAttendees);
  eventIcs(e, url, site.name);
}

/**
 * The records as the pages may show their images. An image stored on another site (saved before
 * saves brought images onto this site) would be a request the pages' Content-Security-Policy
 * blocks, a broken image: it reads as none, so the page shows its default image or none, and the
 * build's log names it. Nothing here stops a build.
 */
export function withShownImages<T extends object>(
  kind: string,
  items: readonly T[],
  fields: readonly string[],
  name: (item: T) => string,
): T[] {
  return items.map((item) => {
    const record = item as Record<string, unknown>;
    const elsewhere = fields.filter(
      (f) => typeof record[f] === 'string' && record[f] !== shownImage(record[f]),
    );
    if (elsewhere.length === 0) return item;
    for (const f of elsewhere)
      console.warn(
        `Shown without its image: ${kind} "${name(item)}" (${f}: ${String(record[f])} is on another site; save the record again with the image uploaded)`,
      );
    return { ...item, ...Object.fromEntries(elsewhere.map((f) => [f, ''])) };
  });
}
