import FormField from '../../ui/FormField';
import { ui } from '../../ui/styles';
import { timeZoneOptions } from '../form/time-zones';
import ZoneNote from '../form/ZoneNote';

/**
 * A time as scheduled items take it: a local date and time, and its time zone (a release's, an
 * issue's send).
 */
export default function ReleaseTimeFields(props: {
  idPrefix: string;
  /** What the time is for (default: a release's 'Goes live at'). */
  label?: string;
  publishAt: string;
  timeZone: string;
  onChange: (publishAt: string, timeZone: string) => void;
}) {
  const { idPrefix, label = 'Goes live at', publishAt, timeZone, onChange } = props;
  return (
    <>
      <FormField
        look="admin"
        id={`${idPrefix}-at`}
        label={label}
        hint="The local time in the zone beside it."
        required
      >
        <input
          id={`${idPrefix}-at`}
          type="datetime-local"
          className={ui.input}
          value={publishAt}
          onChange={(e) => onChange(e.target.value, timeZone)}
          required
        />
        <ZoneNote id={`${idPrefix}-zone-note`} at={publishAt} zone={timeZone} />
      </FormField>
      <FormField look="admin" id={`${idPrefix}-zone`} label="Time zone">
        <select
          id={`${idPrefix}-zone`}
          className={ui.input}
          value={timeZone}
          onChange={(e) => onChange(publishAt, e.target.value)}
        >
          {timeZoneOptions().map((z) => (
            <option key={z}>{z}</option>
          ))}
        </select>
      </FormField>
    </>
  );
}
