import type { APIRoute, GetStaticPaths } from 'astro';
import { eventIcs } from '../../lib/event-calendar';
import { eventUrl } from '../../lib/event-page';
import { pagesToRender, recordHash } from '../../integrations/page-cache';
import type { Event } from '../../schemas/event';
import { loadEvents, loadSiteSettings } from '../../server/workflows/page-data';
import { SITE } from '../../site.config';

/**
 * /events/<slug>.ics: the event as an iCalendar file (RFC 5545) for "Add to calendar". A file
 * whose event is as the last build left it comes from the page cache.
 */
export const getStaticPaths = (async () => {
  if (!(await loadSiteSettings()).showEvents) return [];
  const render = await pagesToRender(
    'event-ics',
    await loadEvents(),
    (e) => `events/${e.slug}.ics`,
    (e) => recordHash(e),
  );
  return render.map((event) => ({ params: { slug: event.slug }, props: { event } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site, url }) => {
  const event = (props as { event: Event }).event;
  const pageUrl = new URL(eventUrl(event), new URL(site ?? url).origin).href;
  return new Response(eventIcs(event, pageUrl, SITE.name), {
    headers: { 'Content-Type': 'text/calendar; charset=utf-8' },
  });
};
