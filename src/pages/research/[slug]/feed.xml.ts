import rss from '@astrojs/rss';
import type { APIRoute, GetStaticPaths } from 'astro';
import { publicationFeedItems } from '../../../lib/feeds';
import type { Topic } from '../../../lib/library';
import { loadLibrary, loadSiteSettings } from '../../../server/workflows/page-data';
import { SITE } from '../../../site.config';

/** /research/<slug>/feed.xml: a topic's latest publications as RSS (built with the topic pages, while publications are shown). */
export const getStaticPaths = (async () => {
  const settings = await loadSiteSettings();
  if (!settings.showResearch || !settings.showPublications) return [];
  return (await loadLibrary()).topics.map((topic) => ({
    params: { slug: topic.slug },
    props: { topic },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props, site, url }) => {
  const topic = (props as { topic: Topic }).topic;
  const library = await loadLibrary();
  return rss({
    title: `${SITE.name}: ${topic.title}`,
    description: topic.description,
    site: new URL(site ?? url).origin,
    items: publicationFeedItems(
      library
        .ofTopic(topic.id)
        .publications.map((p) => ({ ...p, authors: library.authors(p).map((c) => c.name) })),
    ),
    customData: '<language>en-gb</language>',
    trailingSlash: false,
  });
};
