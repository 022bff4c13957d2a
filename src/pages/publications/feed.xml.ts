import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { publicationFeedItems } from '../../lib/feeds';
import { loadLibrary, loadPublications, loadSiteSettings } from '../../server/workflows/page-data';
import { SITE } from '../../site.config';

/** /publications/feed.xml: the latest publications as RSS; empty while the section is switched off. */
export const GET: APIRoute = async ({ site, url }) => {
  const show = (await loadSiteSettings()).showPublications;
  const library = await loadLibrary();
  return rss({
    title: `${SITE.name}: Publications`,
    description: `Research, reports and policy briefs from ${SITE.name}.`,
    site: new URL(site ?? url).origin,
    items: show
      ? publicationFeedItems(
          (await loadPublications()).map((p) => ({
            ...p,
            authors: library.authors(p).map((c) => c.name),
          })),
        )
      : [],
    customData: '<language>en-gb</language>',
    trailingSlash: false,
  });
};
