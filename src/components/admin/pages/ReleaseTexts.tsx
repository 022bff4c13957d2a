import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { SETTINGS_TEXT_KEYS, type SiteTextsPatch } from '../../../schemas/site-settings';
import FormField from '../../ui/FormField';
import Button from '../../ui/Button';
import { ui } from '../../ui/styles';
import { humanize } from '../../../schemas/field-label';

/** A release's site-text changes: what each text becomes at the release time. */
export default function ReleaseTexts({
  texts,
  editable,
  onSave,
}: {
  texts: SiteTextsPatch;
  editable: boolean;
  onSave: (texts: SiteTextsPatch) => Promise<boolean>;
}) {
  const [key, setKey] = useState<string>('heroTitle');
  const [value, setValue] = useState('');
  const entries = Object.entries(texts);
  const without = (k: string) =>
    Object.fromEntries(entries.filter(([e]) => e !== k)) as SiteTextsPatch;
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold">Site text changes</legend>
      {entries.length === 0 && <p className="text-ink-muted">None.</p>}
      <ul className="space-y-1">
        {entries.map(([k, v]) => (
          <li
            key={k}
            className="flex items-start justify-between gap-2"
            data-testid="release-text-change"
          >
            <span>
              <strong>{humanize(k)}</strong>: {v || '(the built-in wording)'}
            </span>
            {editable && (
              <Button
                variant="ghost"
                aria-label={`Drop the change to ${humanize(k)}`}
                onClick={() => void onSave(without(k))}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </Button>
            )}
          </li>
        ))}
      </ul>
      {editable && (
        <div className="grid gap-3 sm:grid-cols-3">
          <FormField look="admin" id="release-text-key" label="Text">
            <select
              id="release-text-key"
              className={ui.input}
              value={key}
              onChange={(e) => setKey(e.target.value)}
            >
              {SETTINGS_TEXT_KEYS.map((k) => (
                <option key={k} value={k}>
                  {humanize(k)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField
            look="admin"
            id="release-text-value"
            label="New wording"
            className="sm:col-span-2"
          >
            <textarea
              id="release-text-value"
              rows={2}
              className={ui.input}
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </FormField>
          <div>
            <Button
              variant="secondary"
              onClick={() =>
                void onSave({ ...texts, [key]: value }).then((saved) => saved && setValue(''))
              }
            >
              Add text change
            </Button>
          </div>
        </div>
      )}
    </fieldset>
  );
}
