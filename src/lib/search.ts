/**
 * Site search: the build emits one small JSON index (/search-index.json) and the /search page
 * filters it in the browser. Pure functions, shared by the endpoint, the page script and tests.
 */

import { eventUrl } from './event-page';
import { personUrl } from './people';
import { publicationUrl } from './publication-archive';
import { topicUrl } from './topics';

/** What a result is, shown as its label. */
export type SearchKind = 'Publication' | 'Research area' | 'Event' | 'Team member';

/** One searchable item with the page (and anchor) it lives on. */
export interface SearchEntry {
  kind: SearchKind;
  title: string;
  /** A short description shown under the title. */
  text: string;
  /** Extra words that match but are not shown in full (authors, position, location…). */
  meta: string;
  url: string;
}

/** The content the index is built from (structural, so tests need no full records). */
export interface SearchSources {
  /** Each result links to the publication's own page. */
  publications: {
    id: string;
    slug: string;
    title: string;
    description: string;
    authors?: string;
    type?: string;
    date?: string;
  }[];
  /** Each result links to the area's topic page. */
  researchAreas: { slug: string; title: string; description: string }[];
  events: {
    slug: string;
    title: string;
    description: string;
    eventType?: string;
    location?: string;
    startDate?: string;
  }[];
  /** The founder and the team: each result links to the person's page; `topics` are the areas they know. */
  people: { slug: string; name: string; position: string; bio?: string; topics?: string }[];
  /** Home sections switched off in the site settings are left out (their anchors do not exist). */
  show: { research: boolean; publications: boolean; events: boolean };
}

const SNIPPET = 220;
const clip = (s: string, n = SNIPPET) => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > n ? `${t.slice(0, n - 1).trimEnd()}…` : t;
};

/** Builds the index: publications, events, research areas (topics) and people each link to their own page. */
export function buildSearchIndex(src: SearchSources): SearchEntry[] {
  const entries: SearchEntry[] = [];
  if (src.show.publications) {
    for (const p of src.publications) {
      entries.push({
        kind: 'Publication',
        title: p.title,
        text: clip(p.description),
        meta: [p.authors, p.type, p.date].filter(Boolean).join(' '),
        url: publicationUrl(p),
      });
    }
  }
  if (src.show.research) {
    for (const r of src.researchAreas)
      entries.push({
        kind: 'Research area',
        title: r.title,
        text: clip(r.description),
        meta: '',
        url: topicUrl(r),
      });
  }
  if (src.show.events) {
    for (const e of src.events) {
      entries.push({
        kind: 'Event',
        title: e.title,
        text: clip(e.description),
        meta: [e.eventType, e.location, e.startDate?.slice(0, 10)].filter(Boolean).join(' '),
        url: eventUrl(e),
      });
    }
  }
  for (const p of src.people) {
    entries.push({
      kind: 'Team member',
      title: p.name,
      text: p.position,
      meta: [p.topics, clip(p.bio ?? '', 600)].filter(Boolean).join(' '),
      url: personUrl(p),
    });
  }
  return entries;
}

/** Lower-cased, accents removed, so 'Zoë' matches 'zoe'. */
export function normalise(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The query's words (at most 8, so a pasted paragraph cannot make filtering slow). */
export function queryTerms(query: string): string[] {
  return normalise(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * Entries matching every word of the query (anywhere in kind, title, text or meta), best first:
 * a whole-query title match, then words found in the title, then the index's own order.
 */
export function searchEntries(
  entries: readonly SearchEntry[],
  query: string,
  limit = 50,
): SearchEntry[] {
  const terms = queryTerms(query);
  if (!terms.length) return [];
  const phrase = terms.join(' ');
  const scored: { entry: SearchEntry; score: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    const title = normalise(entry.title);
    const haystack = `${title} ${normalise(entry.kind)} ${normalise(entry.text)} ${normalise(entry.meta)}`;
    if (!terms.every((t) => haystack.includes(t))) return;
    let score = title.includes(phrase) ? 10 : 0;
    for (const t of terms) if (title.includes(t)) score += 3;
    if (title.startsWith(terms[0]!)) score += 2;
    scored.push({ entry, score, index });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((s) => s.entry);
}
