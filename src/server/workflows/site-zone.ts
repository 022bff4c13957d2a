/**
 * Schedules without a time zone take the site's: publications, releases and events all default to
 * the zone in the site settings, and the stored record names it, so a later change of the site's
 * zone never moves a time already set.
 */
import { getSiteSettings } from '../content/site-settings';

/** `zone`, or the site's zone when it is empty. */
export async function zoneOrSite(zone: string | undefined): Promise<string> {
  return zone || (await getSiteSettings()).siteTimeZone;
}

/** A create or update body with an empty or missing `timeZone` given the site's zone. */
export async function withSiteZone<T extends Record<string, unknown>>(
  body: T,
  creating: boolean,
): Promise<T> {
  const sent = 'timeZone' in body;
  if (sent ? body.timeZone !== '' : !creating) return body;
  return { ...body, timeZone: await zoneOrSite('') };
}
