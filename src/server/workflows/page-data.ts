/**
 * Build-time content access for pages: each loader reads the content store once per build.
 * Server-only: pages call these during `astro build`; islands never import this module.
 */
import { buildLibrary } from '../../lib/library';
import { founderPerson, listPeople, memberNames } from '../../lib/people';
import { publicationTypes, publicationYears } from '../../lib/publication-archive';
import { sortNewestFirst } from '../../lib/publication-date';
import { SETTINGS_IMAGE_KEYS, settingText } from '../../schemas/site-settings';
import { SITE } from '../../site.config';
import { isPublic, type Releasable } from '../../schemas/release';
import { events, publications, researchAreas, stats, teamMembers } from '../content/collections';
import { keepRenderable } from '../publishing/publish-report';
import { renderEvent, renderPublication, withShownImages } from '../content/render-checks';
import { parsePdfFileUrl } from '../../schemas/pdf-upload';
import { preparePdfs } from '../content/pdf-deploy';
import { dueTexts, readReleaseDoc } from './release-bundles';
import { getSiteSettings } from '../content/site-settings';
import { focusByUrl } from '../content/media';
import { approvedTestimonialsForBuild } from '../visitors/testimonials';
import { buildRecordCache } from './build-record-cache';
import { renderCheckMemo } from './render-check-memo';
import { recordHash } from '../../integrations/page-cache';
import { eventAction } from '../../lib/event-card';

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

/**
 * The focal point and pixels of every image from the media library, by its address: what each
 * crop on the pages (and the Open Graph images) is placed by. One read of the library's index.
 */
export const loadImageFoci = once(focusByUrl);

/**
 * Site settings (raw: use settingText() for display), with the text changes of releases whose
 * time has come by this build's time laid over them: the build at a release's time shows its new
 * texts together with its publications and events, and no build before it does.
 */
export const loadSiteSettings = once(async () => {
  const [settings, releases] = await Promise.all([getSiteSettings(), readReleaseDoc()]);
  const due = { ...settings, ...dueTexts(releases, buildTime()) };
  return withShownImages('setting', [due], SETTINGS_IMAGE_KEYS, () => 'site settings')[0]!;
});
/** Each record kind's image field, as the pages may show it (render-checks.ts). */
const showable = <T extends { title?: string; name?: string }>(
  kind: string,
  fields: readonly string[],
  items: readonly T[],
) => withShownImages(kind, items, fields, (i) => i.title ?? i.name ?? '');
/**
 * Every publication and every event, public or not, read once per build (the public pages and the
 * preview pages share them), each from the build cache where it holds the version the index names.
 */
const allPublications = once(() => publications.list({ cache: buildRecordCache('publications') }));
const allEvents = once(() => events.list({ cache: buildRecordCache('events') }));

/** Research areas by order. */
export const loadResearchAreas = once(async () =>
  showable('research area', researchAreas.imageFields, await researchAreas.list()),
);
/** Team members by order, missing order last. */
export const loadTeamMembers = once(async () =>
  showable('team member', teamMembers.imageFields, await teamMembers.list()),
);
/**
 * Public publications by order, less any that cannot render (reported: publish-report.ts). A PDF
 * uploaded in parts is joined for the deploy here (scheduled ones too, ahead of their release);
 * one this build could not join reads as no PDF.
 */
export const loadPublications = once(async () => {
  const all = showable('publication', publications.imageFields, await allPublications());
  const deployed = await preparePdfs(all.flatMap((p) => [p.pdf, ...p.dataFiles.map((f) => f.url)]));
  // A file this build could not join is left out of the page, never a failed build.
  const shown = published(all).map((p) => ({
    ...(parsePdfFileUrl(p.pdf) && !deployed.has(p.pdf) ? { ...p, pdf: '' } : p),
    dataFiles: p.dataFiles.filter((f) => deployed.has(f.url)),
  }));
  return keepRenderable(
    'publication',
    shown,
    (p) => `/publications/${p.slug}`,
    renderPublication,
    await renderCheckMemo('publication', recordHash),
  );
});
/** Public publications newest first (the archive and its filters; the home page keeps the admin's order). */
export const loadPublicationsNewestFirst = once(async () =>
  sortNewestFirst(await loadPublications()),
);
/** Drafts and items scheduled after this build's time: rendered only for private preview links. */
export const loadUnpublished = once(async () => {
  const now = buildTime();
  const [pubs, evs] = await Promise.all([allPublications(), allEvents()]);
  const hidden = <T extends Releasable>(items: T[]) => items.filter((i) => !isPublic(i, now));
  return {
    publications: showable('publication', publications.imageFields, hidden(pubs)).filter((p) =>
      previewable(p, renderPublication),
    ),
    events: showable('event', events.imageFields, hidden(evs)).filter((e) =>
      previewable(e, (x) => renderEvent(x, now)),
    ),
  };
});

/**
 * Whether an unpublished record renders (the same checks as public ones): one that cannot gets no
 * preview page, with a warning, rather than stopping the build that publishes everything else.
 */
function previewable<T extends { title: string }>(item: T, render: (item: T) => void): boolean {
  try {
    render(item);
    return true;
  } catch (error) {
    console.warn(
      `No preview page for "${item.title}": ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}
/** Impact stats by order. */
export const loadStats = once(() => stats.list());
/**
 * Every public event by start date ascending, each with its time zone: events that name none
 * (saved before events had zones) are read in the site's zone.
 */
export const loadEvents = once(async () => {
  const { siteTimeZone } = await loadSiteSettings();
  const list = published(showable('event', events.imageFields, await allEvents()))
    .map((e) => (e.eventTimeZone ? e : { ...e, eventTimeZone: siteTimeZone }))
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  const now = buildTime();
  return keepRenderable(
    'event',
    list,
    (e) => `/events/${e.slug}`,
    (e) => renderEvent(e, now),
    // The check reads the clock only through the event's call to action.
    await renderCheckMemo('event', (e: (typeof list)[number]) => [
      recordHash(e),
      eventAction(e, now),
    ]),
  );
});

/** Everyone with a person page: the founder (when named) first, then the team in order. */
export const loadPeople = once(async () => {
  const [settings, members] = await Promise.all([loadSiteSettings(), loadTeamMembers()]);
  const founder = founderPerson({
    name: settings.founderName,
    position: settingText(settings, 'founderPosition'),
    bio:
      settings.founderBio.trim() ||
      `${settings.founderName.trim()} founded ${SITE.name} to turn rigorous, independent research into practical AI solutions that benefit humanity.`,
    image: settings.founderImage,
    linkedin: settings.founderLinkedin,
    twitter: settings.founderTwitter,
    email: settings.founderEmail,
    slugs: settings.founderSlugs,
  });
  return listPeople(
    founder,
    members.map((m) => ({
      id: m.id,
      slug: m.slug,
      previousSlugs: m.previousSlugs,
      ...memberNames(m),
      position: m.position,
      bio: m.bio ?? '',
      image: m.image ?? '',
      linkedin: m.linkedin ?? '',
      twitter: m.twitter ?? '',
      email: m.email ?? '',
      orcid: m.orcid ?? '',
      topics: m.topics ?? [],
      founder: false,
    })),
  );
});

/**
 * The library's links for this build (authors, speakers, each person's and each topic's records),
 * worked out once from the public records. Sections switched off contribute nothing, as their
 * pages are not built.
 */
export const loadLibrary = once(async () => {
  const settings = await loadSiteSettings();
  const [people, areas, publications, events] = await Promise.all([
    loadPeople(),
    loadResearchAreas(),
    settings.showPublications ? loadPublicationsNewestFirst() : [],
    settings.showEvents ? loadEvents() : [],
  ]);
  return buildLibrary({ people, topics: areas, publications, events });
});

/** The archive's three filter groups (each value with its count) and the number of publications. */
export const loadArchiveFilters = once(async () => {
  const [publications, library] = await Promise.all([loadPublicationsNewestFirst(), loadLibrary()]);
  return {
    total: publications.length,
    topic: library.topicFilters,
    type: publicationTypes(publications),
    year: publicationYears(publications),
  };
});

/** Approved testimonials (the public 'All Reviews'): one read of the published list, whatever waits for review. */
export const loadApprovedTestimonials = once(async () =>
  showable('testimonial', ['image'], await approvedTestimonialsForBuild()),
);
/** Approved and featured testimonials ('Featured Stories'). */
export const loadFeaturedTestimonials = once(async () =>
  (await loadApprovedTestimonials()).filter((t) => t.featured),
);
