/**
 * Structured data (schema.org JSON-LD) for the page head, serialised so it can never close
 * its <script> element: names and texts come from admins and visitors.
 */
import type { CitedName } from '../schemas/cited-name';
import { doiUrl } from './citation';

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * JSON for inside a <script> element: `<`, `>`, `&`, U+2028 and U+2029 become \uXXXX escapes,
 * which JSON parsers read back as the same characters.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(
    UNSAFE_IN_SCRIPT,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** What the organisation graph needs to know about the site. */
export interface SiteIdentity {
  name: string;
  description: string;
  /** The site's origin, e.g. https://example.org (no trailing slash). */
  origin: string;
  logo: string;
  image: string;
  email?: string;
  sameAs?: string[];
}

/** An Organization and a WebSite (with a sitelinks SearchAction on {origin}/search?q=) as one @graph. */
export function siteGraph(site: SiteIdentity): Record<string, unknown> {
  const orgId = `${site.origin}/#organization`;
  const organization: Record<string, unknown> = {
    '@type': 'Organization',
    '@id': orgId,
    name: site.name,
    url: `${site.origin}/`,
    logo: site.logo,
    image: site.image,
    description: site.description,
  };
  if (site.email) organization.email = site.email;
  const sameAs = (site.sameAs ?? []).filter(Boolean);
  if (sameAs.length) organization.sameAs = sameAs;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      organization,
      {
        '@type': 'WebSite',
        '@id': `${site.origin}/#website`,
        name: site.name,
        url: `${site.origin}/`,
        publisher: { '@id': orgId },
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${site.origin}/search?q={search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

/** The institute as publisher or organiser. */
const organization = (origin: string, name: string) => ({
  '@type': 'Organization',
  '@id': `${origin}/#organization`,
  name,
  url: `${origin}/`,
});

/** A person credited on a page: their name, and their page on this site when they have one. */
export interface PersonLd {
  /** The name as shown, honorific included. */
  name: string;
  /** The name as cited: it is the Person's name; the honorific goes in its own property. */
  cited?: CitedName;
  /** 'Dr.', when they have one. */
  honorific?: string;
  /** Absolute address of their person page. */
  url?: string;
}

function person(p: PersonLd): Record<string, unknown> {
  const ld: Record<string, unknown> = { '@type': 'Person' };
  if (p.url) ld['@id'] = `${p.url}#person`;
  if (p.cited) {
    ld.name = [p.cited.given, p.cited.family].filter(Boolean).join(' ');
    if (p.cited.given) ld.givenName = p.cited.given;
    ld.familyName = p.cited.family;
    if (p.honorific) ld.honorificPrefix = p.honorific;
  } else ld.name = p.name;
  if (p.url) ld.url = p.url;
  return ld;
}

export interface PublicationLd {
  title: string;
  description: string;
  type: string;
  authors: PersonLd[];
  /** ISO date, as precise as known: '2025', '2025-03' or '2025-03-14'. */
  datePublished?: string;
  url: string;
  image: string;
  pdfUrl?: string;
  externalUrl?: string;
  /** Bare DOI ('10.1234/abc'). */
  doi?: string;
}

/** A publication as a schema.org Report (reports, briefs) or ScholarlyArticle (papers, articles…). */
export function publicationJsonLd(
  p: PublicationLd,
  site: { origin: string; name: string },
): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': /report|brief/i.test(p.type) ? 'Report' : 'ScholarlyArticle',
    '@id': `${p.url}#publication`,
    headline: p.title.slice(0, 110),
    name: p.title,
    description: p.description,
    url: p.url,
    image: p.image,
    author: p.authors.map(person),
    publisher: organization(site.origin, site.name),
    genre: p.type,
    inLanguage: 'en',
    isAccessibleForFree: true,
  };
  if (p.datePublished) ld.datePublished = p.datePublished;
  if (p.pdfUrl)
    ld.encoding = {
      '@type': 'MediaObject',
      contentUrl: p.pdfUrl,
      encodingFormat: 'application/pdf',
    };
  if (p.externalUrl) ld.sameAs = p.externalUrl;
  if (p.doi)
    ld.identifier = {
      '@type': 'PropertyValue',
      propertyID: 'DOI',
      value: p.doi,
      url: doiUrl(p.doi),
    };
  return ld;
}

/**
 * A person page: a ProfilePage whose main entity is the Person, with their role at the
 * institute, photo, profiles elsewhere and what they know about (their research areas).
 */
export function personJsonLd(
  p: {
    name: string;
    position: string;
    description: string;
    url: string;
    image?: string;
    sameAs: string[];
    email?: string;
    knowsAbout: string[];
  },
  site: { origin: string; name: string },
): Record<string, unknown> {
  const entity: Record<string, unknown> = {
    '@type': 'Person',
    '@id': `${p.url}#person`,
    name: p.name,
    jobTitle: p.position,
    description: p.description,
    url: p.url,
    worksFor: organization(site.origin, site.name),
  };
  if (p.image) entity.image = p.image;
  if (p.email) entity.email = p.email;
  if (p.sameAs.length) entity.sameAs = p.sameAs;
  if (p.knowsAbout.length) entity.knowsAbout = p.knowsAbout;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    '@id': `${p.url}#page`,
    url: p.url,
    name: p.name,
    mainEntity: entity,
  };
}

export interface EventLd {
  title: string;
  description: string;
  /** ISO date or date-time (local to the event when a time is known). */
  startDate: string;
  endDate: string;
  isVirtual: boolean;
  location: string;
  virtualUrl?: string;
  registrationUrl?: string;
  url: string;
  image: string;
  maxAttendees?: number | null;
  speakers?: PersonLd[];
}

/** An event as a schema.org Event with its Place or VirtualLocation, attendance mode and status. */
export function eventJsonLd(
  e: EventLd,
  site: { origin: string; name: string },
): Record<string, unknown> {
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    '@id': `${e.url}#event`,
    name: e.title,
    description: e.description || e.title,
    startDate: e.startDate,
    endDate: e.endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: e.isVirtual
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: e.isVirtual
      ? { '@type': 'VirtualLocation', url: e.virtualUrl || e.url }
      : {
          '@type': 'Place',
          name: e.location || 'To be announced',
          address: e.location || 'To be announced',
        },
    image: [e.image],
    url: e.url,
    organizer: organization(site.origin, site.name),
  };
  if (e.maxAttendees) ld.maximumAttendeeCapacity = e.maxAttendees;
  if (e.speakers?.length) ld.performer = e.speakers.map(person);
  if (e.registrationUrl)
    ld.offers = {
      '@type': 'Offer',
      url: e.registrationUrl,
      availability: 'https://schema.org/InStock',
    };
  return ld;
}
