/**
 * A VTIMEZONE (RFC 5545 §3.6.5) for one event's span: the observances of its zone in force from
 * its start to its end, so a calendar can show DTSTART;TZID=… times in the event's own zone (and
 * keep the zone when the event is edited) without guessing the zone's rules. Offsets come from
 * the platform's time zone data; a span across a clock change gets a second observance at the
 * change, found to the minute.
 */
import { tzOffset } from '@date-fns/tz';

const MINUTE = 60_000;
const two = (n: number) => String(n).padStart(2, '0');

/** Minutes east of UTC in `zone` at instant `ms`. */
const offsetAt = (zone: string, ms: number) => tzOffset(zone, new Date(ms));

/** '+0100', '-0530': an offset as iCalendar writes it. */
function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${two(Math.floor(m / 60))}${two(m % 60)}`;
}

/** The wall-clock time at `ms` under an offset, as an iCalendar local date-time ('20300715T093000'). */
function wallClock(ms: number, offset: number): string {
  const d = new Date(ms + offset * MINUTE);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
}

/** The wall-clock time in `zone` at `ms` ('20300715T093000'). */
export const localDateTime = (zone: string, ms: number): string =>
  wallClock(ms, offsetAt(zone, ms));

/** The first minute after `from` (up to `to`) whose offset differs from `from`'s. */
function changeAfter(zone: string, from: number, to: number): number {
  const before = offsetAt(zone, from);
  let lo = from;
  let hi = to;
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (offsetAt(zone, mid) === before) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The VTIMEZONE lines (CRLF-joined) for `zone` over the instants `start`..`end`. */
export function vtimezone(zone: string, start: number, end: number): string {
  const year = new Date(start).getUTCFullYear();
  // The smaller of winter's and summer's offsets is the zone's standard time.
  const standard = Math.min(
    offsetAt(zone, Date.UTC(year, 0, 1)),
    offsetAt(zone, Date.UTC(year, 6, 1)),
  );
  const onsets = [start];
  while (offsetAt(zone, onsets.at(-1)!) !== offsetAt(zone, end) && onsets.length < 4)
    onsets.push(changeAfter(zone, onsets.at(-1)!, end));
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  onsets.forEach((onset, n) => {
    const offset = offsetAt(zone, onset);
    // The first observance is simply in force from the start on; each later one begins at a clock
    // change, written (as the RFC asks) in the time that was in force until then.
    const from = n === 0 ? offset : offsetAt(zone, onsets[n - 1]!);
    const kind = offset === standard ? 'STANDARD' : 'DAYLIGHT';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${wallClock(onset, from)}`,
      `TZOFFSETFROM:${utcOffset(from)}`,
      `TZOFFSETTO:${utcOffset(offset)}`,
      `END:${kind}`,
    );
  });
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
