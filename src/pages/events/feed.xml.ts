import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { eventFeedItems } from '../../lib/feeds';
import { loadEvents, loadSiteSettings } from '../../server/workflows/page-data';
import { SITE } from '../../site.config';

/** /events/feed.xml: the events as RSS; empty while the section is switched off. */
export const GET: APIRoute = async ({ site, url }) =>
  rss({
    title: `${SITE.name}: Events`,
    description: `Events, workshops and briefings of ${SITE.name}.`,
    site: new URL(site ?? url).origin,
    items: (await loadSiteSettings()).showEvents ? eventFeedItems(await loadEvents()) : [],
    customData: '<language>en-gb</language>',
    trailingSlash: false,
  });
