/**
 * A large library written cheaply into the store, for the benchmarks and the tests at scale:
 * publications and events each through their collection's own bulk write (one call, whatever its
 * layout), testimonials through their import path, never one save per record. What is then measured
 * is reading and building the library, not filling it.
 *
 * Every record has the fields the libraries share (`pub-<n>` "Scale publication <n>", `event-<n>`
 * "Scale event <n>", half of the events past and half to come, a fifth featured); each caller adds
 * the fields its measure needs (bodies, authors, topics, dates, types) through `fields`. The store
 * modules are loaded on the first call, once the caller's platform has set up the Blobs context.
 */
import type { EventInput } from '../../src/schemas/event';
import type { PublicationInput } from '../../src/schemas/publication';
import type { Testimonial } from '../../src/schemas/testimonial';

export const DAY = 86_400_000;

interface Records<T> {
  /** How many. */
  count: number;
  /** The clock the dates count from, and every record's createdAt and updatedAt. */
  now: number;
  /** The `n`th record's id, when not the plain `pub-<n>` or `event-<n>`. */
  id?: (n: number) => string;
  /** The `n`th record's own fields, over the shared ones. */
  fields?: (n: number) => Partial<T>;
}

type Meta = 'id' | 'order' | 'createdAt' | 'updatedAt';

/** `count` records: the `n`th numbered (its id and order) and stamped, with the caller's fields last. */
function numbered<T>(
  { count, now, id, fields = () => ({}) }: Records<T>,
  prefix: string,
  shared: (n: number) => Omit<T, Meta>,
): T[] {
  const stamp = new Date(now).toISOString();
  return Array.from(
    { length: count },
    (_, n) =>
      ({
        id: id ? id(n) : `${prefix}-${n}`,
        ...shared(n),
        order: n,
        createdAt: stamp,
        updatedAt: stamp,
        ...fields(n),
      }) as T,
  );
}

/** The publications; bodies, dates, types and authors come from `fields`. */
export function libraryPublications(spec: Records<PublicationInput>): PublicationInput[] {
  return numbered(spec, 'pub', (n) => ({
    title: `Scale publication ${n}`,
    description: 'A careful look at how institutions adopt AI. '.repeat(4),
    link: '',
    image: '',
  }));
}

/** The events, one a day: the first half before `now`, the rest after, every fifth featured. */
export function libraryEvents(spec: Records<EventInput>): EventInput[] {
  return numbered(spec, 'event', (n) => {
    const start = new Date(spec.now + (n - spec.count / 2) * DAY).toISOString();
    return {
      title: `Scale event ${n}`,
      description: 'A workshop. '.repeat(8),
      eventType: 'Workshop',
      startDate: start,
      endDate: start,
      startTime: '',
      endTime: '',
      location: 'London',
      isVirtual: false,
      virtualLink: '',
      registrationLink: '',
      imageUrl: '',
      youtubeUrl: '',
      featured: n % 5 === 0,
    };
  });
}

/**
 * Testimonials sent over the 60 days before `now`, the first `approved` of them approved (every
 * fifth of those featured), the rest pending. Over 60 days, not one: a wave of thousands within
 * one day costs the admin list a listing page per 1,000 of them on each read until the day is two
 * days old (README, "Scale").
 */
export function libraryTestimonials(count: number, approved: number, now: number): Testimonial[] {
  return Array.from({ length: count }, (_, n) => {
    const at = new Date(now - Math.floor((n * 60 * DAY) / count)).toISOString();
    const isApproved = n < approved;
    return {
      id: crypto.randomUUID(),
      name: `Visitor ${n}`,
      position: '',
      company: '',
      content: `Testimonial ${n}: useful work.`,
      rating: 5,
      image: '',
      linkedin: '',
      featured: isApproved && n % 5 === 0,
      approved: isApproved,
      order: n,
      createdAt: at,
      updatedAt: at,
    };
  });
}

/** Replaces the publications with `libraryPublications(spec)`, through their one bulk write. */
export async function seedPublications(spec: Records<PublicationInput>): Promise<void> {
  const { publications } = await import('../../src/server/content/collections');
  await publications.replaceAll(libraryPublications(spec));
}

/** Replaces the events with `libraryEvents(spec)`, through their one bulk write. */
export async function seedEvents(spec: Records<EventInput>): Promise<void> {
  const { events } = await import('../../src/server/content/collections');
  await events.replaceAll(libraryEvents(spec));
}

/** Adds `libraryTestimonials(...)` through the testimonials' import path, 32 records at a time. */
export async function seedTestimonials(count: number, approved: number, now: number) {
  const { insertTestimonials } = await import('../../src/server/visitors/testimonials');
  await insertTestimonials(libraryTestimonials(count, approved, now), 32);
}

/** A Markdown body of about 3.5 KB in four parts of plain prose, as the library had. */
export function plainBody(n: number): string {
  return Array.from(
    { length: 4 },
    (_, i) =>
      `## Part ${i + 1} of publication ${n}\n\n${'Institutions adopt AI unevenly; this section looks at why, with evidence from audits and interviews. '.repeat(8)}`,
  ).join('\n\n');
}

/**
 * A report body of about 700 words, each unique to `n`: headings, a list, a quote, a table, a
 * figure and a footnote, so that a build renders every kind of block a real report has.
 */
export function reportBody(n: number, topic: string): string {
  const para = (k: number) =>
    `Finding ${n}.${k}: institutions that adopted ${topic.toLowerCase()} practices early reported clearer lines of accountability, ` +
    `fewer incidents that reached the public and faster reviews of new systems. The effect held across sectors and sizes, ` +
    `though smaller bodies relied more on shared guidance than on their own staff. We return to the limits of this evidence below.`;
  return `## Summary

${para(1)}

${para(2)}

## Method

We reviewed ${20 + (n % 30)} primary texts and interviewed ${10 + (n % 25)} officials. Each case was scored on four questions:

1. **Scope**: which systems and which uses do the rules cover?
2. **Obligations**: are duties specific enough to audit?
3. **Oversight**: does a named body have powers and a budget to enforce them?
4. **Redress**: can the people affected complain, and be heard?

### Cases

| Group | Cases | Median score |
|:--|--:|--:|
| Binding rules with an enforcer | ${n % 13} | ${50 + (n % 40)} |
| Binding rules, no enforcer yet | ${n % 7} | ${30 + (n % 30)} |
| Voluntary principles only | ${n % 11} | ${10 + (n % 20)} |

![Bar chart of the scores of case group ${n}](/images/research/governance.svg "Figure 1: Scores by group, study ${n}")

## Findings

${para(3)}

> Rules without an enforcer are read as advice.[^1]

${para(4)}

## Recommendations

- Name one body responsible for each obligation.
- Publish the criteria audits use, and the results.
- Fund redress before expanding scope.

${para(5)}

[^1]: Interview ${n}, a regulator's official.
`;
}
