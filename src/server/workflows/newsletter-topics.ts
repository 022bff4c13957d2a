import type { TopicArea } from '../../schemas/newsletter';
import type { ResearchArea } from '../../schemas/research-area';
import { researchAreas } from '../content/collections';
import { HttpError } from '../http/errors';

/*
 * The topics a newsletter reader may choose are the research areas, named by slug. Visitors'
 * subscriptions (visitors/) keep slugs; which slugs exist is content (content/): this file joins
 * the two. A slug an area had before a rename still counts and is stored as the current one.
 */

/** The research areas a reader can choose, in the site's order. */
export async function topicAreas(): Promise<TopicArea[]> {
  return (await researchAreas.list()).map(({ slug, title }) => ({ slug, title }));
}

/** The current slug of every slug an area has or had. */
const slugIndex = (areas: readonly ResearchArea[]) => {
  const current = new Map<string, string>();
  for (const a of areas) for (const old of a.previousSlugs) current.set(old, a.slug);
  for (const a of areas) current.set(a.slug, a.slug);
  return current;
};

/**
 * Checks chosen topics against the research areas and answers them as current slugs, in the
 * site's order, each once; none (or none given) means everything. An unknown slug is a 400 naming
 * it. The areas are read even when no topics were sent, so every signup does the same work.
 */
export async function checkTopics(topics: readonly string[] | undefined): Promise<string[]> {
  const areas = await researchAreas.list();
  const current = slugIndex(areas);
  const unknown = (topics ?? []).filter((t) => !current.has(t));
  if (unknown.length > 0) {
    const message = `Unknown topic${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Topics are research area slugs: ${areas.map((a) => a.slug).join(', ')}`;
    throw new HttpError(400, message, { topics: message });
  }
  const chosen = new Set((topics ?? []).map((t) => current.get(t)));
  return areas.map((a) => a.slug).filter((slug) => chosen.has(slug));
}

/** Stored topics as current slugs (a renamed area's old slug follows it; a deleted area's drops out). */
export async function currentTopics(stored: readonly string[] | undefined): Promise<string[]> {
  if (!stored?.length) return [];
  const current = slugIndex(await researchAreas.list());
  return [...new Set(stored.flatMap((t) => current.get(t) ?? []))];
}
