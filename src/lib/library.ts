/**
 * The research library's links, worked out once per build: each publication's authors and each
 * event's speakers resolved to people, and, per person and per topic, their publications (newest
 * first), events and experts. Pages then look up what they show instead of scanning every record,
 * so a page costs what it shows however large the archive is.
 */
import type { PersonRef } from '../schemas/people';
import type { ArchiveFilter } from './publication-archive';
import { peopleIndex, resolveCredits, type Credit, type PeopleIndex, type Person } from './people';

export interface Topic {
  id: string;
  slug: string;
  previousSlugs: string[];
  title: string;
  description: string;
  image: string;
  /** The area's own outside link: when set, its card links there instead of to its topic page. */
  link?: string;
}

interface LibraryPublication {
  id: string;
  authors: PersonRef[];
  topics: string[];
}
interface LibraryEvent {
  id: string;
  speakers: PersonRef[];
  topics: string[];
}

export interface Library<P extends LibraryPublication, E extends LibraryEvent> {
  people: Person[];
  index: PeopleIndex;
  personBySlug: Map<string, Person>;
  topics: Topic[];
  topicById: Map<string, Topic>;
  /** A publication's authors, in order (an unpublished one's too, for its preview). */
  authors(p: Pick<LibraryPublication, 'id' | 'authors'>): Credit[];
  /** An event's speakers, in order (an unpublished one's too, for its preview). */
  speakers(e: Pick<LibraryEvent, 'id' | 'speakers'>): Credit[];
  /** What a person wrote (newest first) and where they speak (in the events' order). */
  ofPerson(id: string): { publications: P[]; events: E[] };
  /** A topic's publications (newest first), events (in the events' order) and experts. */
  ofTopic(id: string): { publications: P[]; events: E[]; experts: Person[] };
  /** The topics of a record, skipping ids of areas since deleted. */
  topicsOf(item: { topics?: readonly string[] }): Topic[];
  /** The archive's topic filter: each topic with publications, in the areas' order. */
  topicFilters: ArchiveFilter[];
}

/**
 * Builds the library from the public records: `publications` newest first, `events` in the order
 * pages list them. Each record is visited once; per-person and per-topic lists keep that order.
 */
export function buildLibrary<P extends LibraryPublication, E extends LibraryEvent>(src: {
  people: Person[];
  topics: Topic[];
  publications: readonly P[];
  events: readonly E[];
}): Library<P, E> {
  const index = peopleIndex(src.people);
  const topicById = new Map(src.topics.map((t) => [t.id, t]));
  const credits = new Map<string, Credit[]>();
  const byPerson = new Map<string, { publications: P[]; events: E[] }>();
  const byTopic = new Map<string, { publications: P[]; events: E[]; experts: Person[] }>();
  const personList = (id: string) =>
    byPerson.get(id) ?? byPerson.set(id, { publications: [], events: [] }).get(id)!;
  const topicList = (id: string) =>
    byTopic.get(id) ?? byTopic.set(id, { publications: [], events: [], experts: [] }).get(id)!;
  // A person credited twice on one record (say by id and by name) is listed with it once.
  const credit = <T>(
    key: string,
    refs: readonly PersonRef[],
    item: T,
    list: (entry: { publications: P[]; events: E[] }) => T[],
  ) => {
    const resolved = resolveCredits(refs, index);
    credits.set(key, resolved);
    for (const id of new Set(resolved.flatMap((c) => (c.person ? [c.person.id] : []))))
      list(personList(id)).push(item);
  };
  const file = <T>(
    topics: readonly string[],
    item: T,
    list: (entry: { publications: P[]; events: E[] }) => T[],
  ) => {
    for (const id of new Set(topics)) if (topicById.has(id)) list(topicList(id)).push(item);
  };

  for (const p of src.publications) {
    credit(`p:${p.id}`, p.authors, p, (e) => e.publications);
    file(p.topics, p, (e) => e.publications);
  }
  for (const e of src.events) {
    credit(`e:${e.id}`, e.speakers, e, (entry) => entry.events);
    file(e.topics, e, (entry) => entry.events);
  }
  for (const person of src.people)
    for (const id of new Set(person.topics))
      if (topicById.has(id)) topicList(id).experts.push(person);

  const none = { publications: [], events: [] };
  return {
    people: src.people,
    index,
    personBySlug: new Map(src.people.map((p) => [p.slug, p])),
    topics: src.topics,
    topicById,
    // A draft is not in the library (it is listed nowhere yet), but its preview credits the
    // people the public page will.
    authors: (p) => credits.get(`p:${p.id}`) ?? resolveCredits(p.authors, index),
    speakers: (e) => credits.get(`e:${e.id}`) ?? resolveCredits(e.speakers, index),
    ofPerson: (id) => byPerson.get(id) ?? none,
    ofTopic: (id) => byTopic.get(id) ?? { ...none, experts: [] },
    topicsOf: (item) => (item.topics ?? []).flatMap((id) => topicById.get(id) ?? []),
    topicFilters: src.topics.flatMap((t) => {
      const count = byTopic.get(t.id)?.publications.length ?? 0;
      return count ? [{ kind: 'topic' as const, slug: t.slug, label: t.title, count }] : [];
    }),
  };
}
