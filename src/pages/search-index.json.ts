import type { APIRoute } from 'astro';
import { loadEvents, loadLibrary, loadPublications, loadResearchAreas, loadSiteSettings, loadTeamMembers } from '../server/content';
import { buildSearchIndex } from '../lib/search';
import { settingText } from '../schemas/site-settings';

/** /search-index.json: the site search index, written at build time from the content store. */
export const GET: APIRoute = async () => {
  const [settings, publications, researchAreas, events, teamMembers] = await Promise.all([
    loadSiteSettings(),
    loadPublications(),
    loadResearchAreas(),
    loadEvents(),
    loadTeamMembers(),
  ]);
  const library = await loadLibrary();
  const index = buildSearchIndex({
    publications: publications.map((p) => ({ ...p, authors: library.authors(p).map((c) => c.name).join(', ') })),
    researchAreas,
    events,
    teamMembers,
    founder: settings.founderName.trim() ? { name: settings.founderName.trim(), position: settingText(settings, 'founderPosition'), bio: settings.founderBio } : null,
    show: { research: settings.showResearch, publications: settings.showPublications, events: settings.showEvents },
  });
  return new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
