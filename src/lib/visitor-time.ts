/**
 * "Your time": a timed event's start and end in the visitor's own time zone, formatted in the
 * browser (the build cannot know where the visitor is). Uses only the platform's Intl, so the
 * page ships no date library for it.
 */

/**
 * The zone's short name at that instant, as people write it: 'CET', 'BST', 'EDT'. English names
 * differ by region (British English knows CET, American English EST), so both are asked; a zone
 * without a common abbreviation is named by its place ('Tokyo time'): an offset such as 'GMT+9'
 * tells few readers where that is. `zone` undefined is the visitor's.
 */
export function zoneAbbreviation(ms: number, zone?: string): string {
  const name = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(ms)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const british = name('en-GB');
  if (!/^GMT[+-]/.test(british)) return british;
  const american = name('en-US');
  if (!/^GMT[+-]/.test(american)) return american;
  const place = (zone ?? visitorZone()).split('/').at(-1)!.replace(/_/g, ' ');
  return `${place} time`;
}

const DAY: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/**
 * 'Thu 19 Jun, 03:30–11:00 EDT' for instants `start` and `end` (ms) in `zone` (the visitor's,
 * unless given); an end on another day names its day too: 'Thu 19 Jun, 20:30 – Fri 20 Jun, 04:00 AEST'.
 */
export function visitorTimeLabel(start: number, end: number, zone?: string): string {
  const at = (options: Intl.DateTimeFormatOptions, ms: number) =>
    new Intl.DateTimeFormat('en-GB', { ...options, timeZone: zone }).format(ms);
  const firstDay = at(DAY, start);
  const lastDay = at(DAY, end);
  const range =
    firstDay === lastDay
      ? `${firstDay}, ${at(TIME, start)}–${at(TIME, end)}`
      : `${firstDay}, ${at(TIME, start)} – ${lastDay}, ${at(TIME, end)}`;
  return `${range} ${zoneAbbreviation(start, zone)}`;
}

/** The visitor's IANA time zone, as the browser reports it. */
export const visitorZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
