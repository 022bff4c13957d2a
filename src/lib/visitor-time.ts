/**
 * "Your time": a timed event's start and end in the visitor's own time zone, formatted in the
 * browser (the build cannot know where the visitor is), in the site's date style (date-style.ts:
 * only the platform's Intl, so the page ships no date library for it).
 */
import { formatClock, formatDay, zoneName } from './date-style';

/**
 * 'Wednesday, June 19, 2030, 03:30–11:00 EDT' for instants `start` and `end` (ms) in `zone` (the
 * visitor's, unless given); an end on another day names its day too:
 * 'Wednesday, June 19, 2030, 20:30 – Thursday, June 20, 2030, 04:00 AEST'.
 */
export function visitorTimeLabel(start: number, end: number, zone?: string): string {
  const firstDay = formatDay(start, zone, { weekday: true });
  const lastDay = formatDay(end, zone, { weekday: true });
  const range =
    firstDay === lastDay
      ? `${firstDay}, ${formatClock(start, zone)}–${formatClock(end, zone)}`
      : `${firstDay}, ${formatClock(start, zone)} – ${lastDay}, ${formatClock(end, zone)}`;
  return `${range} ${zoneName(start, zone)}`;
}
