/**
 * Topic pages: one per research area at /research/<slug>, with its own feed. Pure, shared by the
 * pages, the sitemap, the search index and tests.
 */

export const RESEARCH_PATH = '/research';

/** A research area's topic page. */
export const topicUrl = (topic: { slug: string }): string => `${RESEARCH_PATH}/${topic.slug}`;

/** A topic's RSS feed of publications. */
export const topicFeedUrl = (topic: { slug: string }): string => `${topicUrl(topic)}/feed.xml`;

/** Where a research card leads: the area's own link when the admin gave one, else its topic page. */
export const researchCardHref = (area: { slug: string; link?: string }): string =>
  area.link || topicUrl(area);

/** Publications a topic page shows before "All … publications". */
export const TOPIC_PUBLICATIONS = 6;
/** Upcoming events a topic page shows. */
export const TOPIC_EVENTS = 6;
