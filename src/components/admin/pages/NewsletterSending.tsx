import { useId, useState, type FormEvent } from 'react';
import { ApiError, mutate } from '../../../lib/api';
import type { NewsletterSettings } from '../../../schemas/notifications';
import Button from '../../ui/Button';
import FormField from '../../ui/FormField';
import LoadStatus from '../../ui/LoadStatus';
import { cx, ui } from '../../ui/styles';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import { useFetch } from '../use-fetch';

const SETTINGS_URL = '/api/admin/newsletter-settings';

/** The settings form, starting from the saved settings. */
function SendingForm({
  saved,
  onSaved,
}: {
  saved: NewsletterSettings;
  onSaved: (settings: NewsletterSettings) => void;
}) {
  const [value, setValue] = useState(saved);
  const [fields, setFields] = useState<Record<string, string>>({});
  const saving = useAction({ fallback: 'Not saved. Please try again.' });
  const id = useId();
  const set = <K extends keyof NewsletterSettings>(key: K, v: NewsletterSettings[K]) =>
    setValue({ ...value, [key]: v });

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFields({});
    void saving.run(
      async () => {
        onSaved(await mutate<NewsletterSettings>('PUT', SETTINGS_URL, value));
        notify({ title: 'Newsletter settings saved' });
      },
      { onFailure: (f) => setFields((f instanceof ApiError && f.body?.fields) || {}) },
    );
  }

  return (
    <form onSubmit={save} className="mt-3 max-w-lg space-y-4 text-sm" noValidate>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300"
          checked={value.editorsMaySendNewsletter}
          onChange={(e) => set('editorsMaySendNewsletter', e.target.checked)}
        />
        Editors may send and schedule issues (admins always may)
      </label>
      <FormField
        look="admin"
        id={`${id}-rate`}
        label="Messages per second"
        hint="How fast issues leave: your mail provider's sending limit."
        error={fields.newsletterRatePerSecond}
      >
        <input
          id={`${id}-rate`}
          type="number"
          min={1}
          max={1000}
          className={cx(ui.input, 'max-w-32')}
          value={value.newsletterRatePerSecond}
          onChange={(e) => set('newsletterRatePerSecond', e.target.valueAsNumber || 0)}
          aria-describedby={`${id}-rate-hint`}
        />
      </FormField>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300"
          checked={value.digestAutoSend}
          onChange={(e) => set('digestAutoSend', e.target.checked)}
        />
        Send the digest of a release by itself
      </label>
      <FormField
        look="admin"
        id={`${id}-delay`}
        label="Digest delay (minutes)"
        hint="How long after the release the digest goes: time to check or cancel it."
        error={fields.digestDelayMinutes}
      >
        <input
          id={`${id}-delay`}
          type="number"
          min={0}
          max={10080}
          disabled={!value.digestAutoSend}
          className={cx(ui.input, 'max-w-32')}
          value={value.digestDelayMinutes}
          onChange={(e) => set('digestDelayMinutes', e.target.valueAsNumber || 0)}
          aria-describedby={`${id}-delay-hint`}
        />
      </FormField>
      <Button type="submit" disabled={saving.pending}>
        Save
      </Button>
      {saving.error && (
        <p role="alert" className={ui.error}>
          {saving.error}
        </p>
      )}
    </form>
  );
}

/** Admin → Email: who may send newsletter issues, how fast they go, and release digests. */
export default function NewsletterSending() {
  const { data, setData, error } = useFetch<NewsletterSettings>(SETTINGS_URL);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={cx(ui.card, 'p-5')}>
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Newsletter sending
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Issues are written and sent on the Newsletter page. When a release goes public, a digest of
        it is prepared there as a draft, or sent by itself after a delay.
      </p>
      <LoadStatus loaded={!!data} error={error} />
      {data && <SendingForm saved={data} onSaved={setData} />}
    </section>
  );
}
