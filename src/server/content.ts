/**
 * Build-time content access for pages: each loader reads the content store once per build.
 * Server-only: pages call these during `astro build`; islands never import this module.
 */
import { isPublic } from '../schemas/release';
import { events, publications, researchAreas, stats, teamMembers } from './collections';
import { keepRenderable } from './publish-report';
import { renderEvent, renderPublication } from './render-checks';
import { getSiteSettings } from './site-settings';
import { approvedTestimonialsForBuild } from './testimonials';

const once = <T>(load: () => Promise<T>) => {
  let p: Promise<T> | null = null;
  return () => (p ??= load());
};

/**
 * The moment this build renders for: drafts and items scheduled after it are left out of every
 * page, feed, sitemap and search index. `BUILD_CLOCK_MS` exists for tests (an injected clock);
 * real builds use the time they start.
 */
export const buildTime = (): number => Number(process.env.BUILD_CLOCK_MS) || Date.now();
const published = <T extends object>(items: T[]) => {
  const now = buildTime();
  return items.filter((i) => isPublic(i, now));
};

/** Site settings (raw: use settingText() for display). */
export const loadSiteSettings = once(getSiteSettings);
/** Research areas by order. */
export const loadResearchAreas = once(() => researchAreas.list());
/** Team members by order, missing order last. */
export const loadTeamMembers = once(() => teamMembers.list());
/** Public publications by order, less any that cannot render (reported: publish-report.ts). */
export const loadPublications = once(async () =>
  keepRenderable('publication', published(await publications.list()), (p) => `/publications/${p.slug}`, renderPublication),
);
/** Impact stats by order. */
export const loadStats = once(() => stats.list());
/** Every public event by start date ascending. */
export const loadEvents = once(async () => {
  const shown = published(await events.list()).sort((a, b) => a.startDate.localeCompare(b.startDate));
  return keepRenderable('event', shown, (e) => `/events/${e.slug}`, (e) => renderEvent(e, buildTime()));
});

/** Approved testimonials (the public 'All Reviews'): one read of the published list, whatever waits for review. */
export const loadApprovedTestimonials = once(approvedTestimonialsForBuild);
/** Approved and featured testimonials ('Featured Stories'). */
export const loadFeaturedTestimonials = once(async () => (await loadApprovedTestimonials()).filter((t) => t.featured));
