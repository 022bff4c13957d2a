import { cleanString } from './common';

// Every read of a collection parses every record, so a zone is checked once per process: making
// an Intl.DateTimeFormat per record cost ~0.3 ms each, 300 ms for 1,000 events.
const zones = new Map<string, boolean>();

/** Whether `zone` is an IANA time zone this platform knows ('Europe/Berlin', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  let known = zones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    zones.set(zone, known);
  }
  return known;
}

/** An IANA time zone, or '' where the record leaves the choice to a default. */
export const timeZoneField = () =>
  cleanString()
    .trim()
    .max(64)
    .refine((v) => v === '' || isTimeZone(v), 'Unknown time zone');
