import type { APIRoute } from 'astro';
import {
  loadEvents,
  loadLibrary,
  loadPublications,
  loadSiteSettings,
} from '../server/workflows/page-data';
import { buildSearchIndex } from '../lib/search';

/** /search-index.json: the site search index (publications, events, topics and people), written at build time from the content store. */
export const GET: APIRoute = async () => {
  const [settings, publications, events, library] = await Promise.all([
    loadSiteSettings(),
    loadPublications(),
    loadEvents(),
    loadLibrary(),
  ]);
  const index = buildSearchIndex({
    publications: publications.map((p) => ({
      ...p,
      authors: library
        .authors(p)
        .map((c) => c.name)
        .join(', '),
    })),
    researchAreas: library.topics,
    events,
    people: library.people.map((p) => ({
      ...p,
      topics: library
        .topicsOf(p)
        .map((t) => t.title)
        .join(' '),
    })),
    show: {
      research: settings.showResearch,
      publications: settings.showPublications,
      events: settings.showEvents,
    },
  });
  return new Response(JSON.stringify(index), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
