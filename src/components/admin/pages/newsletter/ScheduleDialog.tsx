import { useState } from 'react';
import { releaseTime } from '../../../../schemas/release';
import Button from '../../../ui/Button';
import Dialog from '../../../ui/Dialog';
import ReleaseTimeFields from '../ReleaseTimeFields';

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
    // The same reading of a local time in a zone as scheduled publications and releases get.
    const when = releaseTime({ publishAt: at, timeZone: zone });
    if (when === null) return setProblem('Choose a date and a time.');
    if (when <= Date.now()) return setProblem('Choose a time in the future.');
    onSchedule(new Date(when).toISOString());
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
