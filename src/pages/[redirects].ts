import type { APIRoute, GetStaticPaths } from 'astro';
import { ARCHIVE_PATH } from '../lib/publication-archive';
import { EVENTS_PATH } from '../lib/event-page';
import { redirectRules } from '../lib/slug';
import {
  loadEvents,
  loadLibrary,
  loadPeople,
  loadPublications,
  loadSiteSettings,
} from '../server/workflows/page-data';
import { TEAM_PATH } from '../lib/people';
import { RESEARCH_PATH } from '../lib/topics';

/**
 * /_redirects, Netlify's redirect file (the local platform reads the same file): a renamed
 * publication, event, person or research area keeps its old addresses, each a permanent redirect
 * to the new one.
 * Astro skips page files whose names start with '_', hence the one-value route parameter.
 */
export const getStaticPaths = (() => [
  { params: { redirects: '_redirects' } },
]) satisfies GetStaticPaths;

export const GET: APIRoute = async () => {
  const settings = await loadSiteSettings();
  const rules = [
    ...(settings.showPublications
      ? redirectRules(ARCHIVE_PATH, await loadPublications(), ['.ris'])
      : []),
    ...(settings.showEvents ? redirectRules(EVENTS_PATH, await loadEvents(), ['.ics']) : []),
    ...redirectRules(TEAM_PATH, await loadPeople()),
    ...(settings.showResearch
      ? redirectRules(RESEARCH_PATH, (await loadLibrary()).topics, ['/feed.xml'])
      : []),
    ...(settings.showPublications
      ? redirectRules(`${ARCHIVE_PATH}/topic`, (await loadLibrary()).topics)
      : []),
  ];
  return new Response(
    `# Old addresses of renamed publications, events, people and topics (generated at build).\n${rules.join('\n')}\n`,
    {
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    },
  );
};
