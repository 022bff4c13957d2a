/**
 * Build-time content access for pages: each loader reads the content store once per build.
 * Server-only: pages call these during `astro build`; islands never import this module.
 */
import { parsePdfFileUrl } from '../schemas/pdf-upload';
import { isPublic } from '../schemas/release';
import { events, publications, researchAreas, stats, teamMembers } from './collections';
import { preparePdfs } from './pdf-deploy';
import { getSiteSettings } from './site-settings';
import { approvedTestimonials } from './testimonials';

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
/**
 * Public publications by order. A PDF uploaded in parts is joined for the deploy here (scheduled
 * ones too, ahead of their release); one this build could not join reads as no PDF.
 */
export const loadPublications = once(async () => {
  const all = await publications.list();
  const deployed = await preparePdfs(all.map((p) => p.pdf));
  return published(all).map((p) => (parsePdfFileUrl(p.pdf) && !deployed.has(p.pdf) ? { ...p, pdf: '' } : p));
});
/** Impact stats by order. */
export const loadStats = once(() => stats.list());
/** Every public event by start date ascending. */
export const loadEvents = once(async () => published(await events.list()).sort((a, b) => a.startDate.localeCompare(b.startDate)));

/** Approved testimonials (the public 'All Reviews'): one read of the published list, whatever waits for review. */
export const loadApprovedTestimonials = once(approvedTestimonials);
/** Approved and featured testimonials ('Featured Stories'). */
export const loadFeaturedTestimonials = once(async () => (await loadApprovedTestimonials()).filter((t) => t.featured));
