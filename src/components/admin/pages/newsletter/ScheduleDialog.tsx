import { useState } from 'react';
import { wallClockInstant } from '../../../../lib/event-times';
import Button from '../../../ui/Button';
import Dialog from '../../../ui/Dialog';
import ReleaseTimeFields from '../ReleaseTimeFields';

/** The instant of a datetime-local value ('2030-01-31T09:00') in `zone`, or null when incomplete. */
function instantOf(local: string, zone: string): Date | null {
  const [day, time] = local.split('T');
  if (!day || !time) return null;
  const ms = wallClockInstant(day, time.slice(0, 5), zone);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/**
 * Picks when a scheduled send starts: a local time in a zone (the site's, to begin with), as
 * releases and scheduled records take it, and says how many it goes to as counted now.
 */
export default function ScheduleDialog({
  siteZone,
  recipients,
  busy,
  onSchedule,
  onClose,
}: {
  siteZone: string;
  recipients: number;
  busy: boolean;
  onSchedule: (at: string) => void;
  onClose: () => void;
}) {
  const [at, setAt] = useState('');
  const [zone, setZone] = useState(siteZone);
  const [problem, setProblem] = useState('');
  const submit = () => {
    const when = instantOf(at, zone);
    if (!when) return setProblem('Choose a date and a time.');
    if (when.getTime() <= Date.now()) return setProblem('Choose a time in the future.');
    onSchedule(when.toISOString());
  };
  return (
    <Dialog
      open
      title="Schedule the issue"
      description={`It goes to the ${recipients} ${recipients === 1 ? 'subscriber' : 'subscribers'} who would get it now, and to those who join before then.`}
      onClose={onClose}
    >
      <div className="grid gap-4">
        <ReleaseTimeFields
          idPrefix="issue-schedule"
          label="Sends at"
          publishAt={at}
          timeZone={zone}
          onChange={(next, nextZone) => (setAt(next), setZone(nextZone), setProblem(''))}
        />
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={submit} busy={busy} busyLabel="Scheduling...">
            Schedule
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
