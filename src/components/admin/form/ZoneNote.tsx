import { formatDateTime } from '../../../lib/date-style';
import { releaseTime } from '../../../schemas/release';
import { browserZone } from './time-zones';

/**
 * Under a schedule field: the zone its time is in and, when the admin's own zone differs, the
 * same instant on their clock, so nobody schedules 09:00 London thinking it is 09:00 Tokyo.
 */
export default function ZoneNote({ id, at, zone }: { id: string; at: string; zone: string }) {
  if (!zone) return null;
  const own = browserZone();
  const instant = releaseTime({ publishAt: at, timeZone: zone });
  const local = own !== zone && instant !== null ? formatDateTime(instant, own) : null;
  return (
    <p id={id} className="mt-1 text-xs text-ink-soft" data-testid="zone-note">
      Time in {zone}
      {local && (
        <>
          {' '}
          · {local} on your clock ({own})
        </>
      )}
    </p>
  );
}
