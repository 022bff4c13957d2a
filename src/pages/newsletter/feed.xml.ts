import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { issueFeedItems } from '../../lib/newsletter-archive';
import { loadResearchAreas } from '../../server/workflows/page-data';
import { loadSentIssues } from '../../server/workflows/newsletter/archive';
import { SITE } from '../../site.config';

/** /newsletter/feed.xml: the sent newsletter issues as RSS, each linking to its web version. */
export const GET: APIRoute = async ({ site, url }) => {
  const [issues, areas] = await Promise.all([loadSentIssues(), loadResearchAreas()]);
  const titles = new Map(areas.map((a) => [a.slug, a.title]));
  return rss({
    title: `${SITE.name}: Newsletter`,
    description: `Every issue of the ${SITE.name} newsletter.`,
    site: new URL(site ?? url).origin,
    items: issueFeedItems(issues, (slug) => titles.get(slug)),
    customData: '<language>en-gb</language>',
    trailingSlash: false,
  });
};
