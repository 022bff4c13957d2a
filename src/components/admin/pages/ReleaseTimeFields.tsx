import FormField from '../../ui/FormField';
import { ui } from '../../ui/styles';
import { timeZoneOptions } from '../form/time-zones';
import ZoneNote from '../form/ZoneNote';

/** A release's time as scheduled items take it: a local date and time, and its time zone. */
export default function ReleaseTimeFields(props: {
  idPrefix: string;
  publishAt: string;
  timeZone: string;
  onChange: (publishAt: string, timeZone: string) => void;
}) {
  const { idPrefix, publishAt, timeZone, onChange } = props;
  return (
    <>
      <FormField
        look="admin"
        id={`${idPrefix}-at`}
        label="Goes live at"
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
