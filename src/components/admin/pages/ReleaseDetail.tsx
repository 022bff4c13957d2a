import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import Ban from 'lucide-react/icons/ban';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import Link2 from 'lucide-react/icons/link-2';
import { useState } from 'react';
import { mutate } from '../../../lib/api';
import type { CreatedPreviewLink } from '../../../schemas/preview-link';
import { shownStatus } from '../../../schemas/release';
import type { CheckedRelease, ReleaseItem } from '../../../schemas/release-bundle';
import { saveContent } from '../../../stores/publish';
import LoadStatus from '../../ui/LoadStatus';
import Button from '../../ui/Button';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import RecordPicker from '../form/RecordPicker';
import { formatWhen } from '../format-time';
import { useFetch } from '../use-fetch';
import ReleaseTexts from './ReleaseTexts';
import ReleaseTimeFields from './ReleaseTimeFields';

/** One release: its check, items, text changes, time, preview link, cancel and log. */
export default function ReleaseDetail({ id, onChanged }: { id: string; onChanged: () => void }) {
  const release = useFetch<CheckedRelease>(`/api/admin/releases/${id}`);
  const [items, setItems] = useState<ReleaseItem[]>([]);
  const [when, setWhen] = useState({ publishAt: '', timeZone: 'UTC' });
  const [link, setLink] = useState<CreatedPreviewLink | null>(null);
  // The release's changes share one message line: the latest failure, cleared by the next try.
  const action = useAction();
  const { error } = action;
  const data = release.data;
  // Each fresh read of the release resets what the form shows (derived while rendering, not in an effect).
  const [shown, setShown] = useState<CheckedRelease | null>(null);
  if (data && data !== shown) {
    setShown(data);
    setItems(data.items);
    setWhen({ publishAt: data.publishAt, timeZone: data.timeZone });
  }

  if (!data)
    return (
      <div className="px-4 pb-4">
        <LoadStatus loaded={false} error={release.error} />
      </div>
    );
  const editable = data.status === 'scheduled';

  const change = (body: object, done: string): Promise<boolean> =>
    action.run(
      async () => {
        await saveContent('PATCH', `/api/admin/releases/${id}`, body);
        void notify({ title: done });
        await release.reload();
        onChanged();
      },
      { fallback: 'The release could not be saved. Please try again.' },
    );
  const cancel = async () => {
    if (
      !window.confirm(
        `Cancel “${data.name}”? Its items go back to draft and its text changes are dropped.`,
      )
    )
      return;
    await action.run(
      async () => {
        await saveContent('POST', `/api/admin/releases/${id}/cancel`);
        void notify({ title: 'Release cancelled', description: 'Its items are drafts again.' });
        await release.reload();
        onChanged();
      },
      { fallback: 'The release could not be cancelled. Please try again.' },
    );
  };
  const preview = () =>
    action.run(
      async () =>
        setLink(
          await mutate<CreatedPreviewLink>('POST', `/api/admin/releases/${id}/preview-link`, {}),
        ),
      { fallback: 'The link could not be made. Please try again.' },
    );

  return (
    <div className="space-y-5 border-t border-slate-100 p-4 text-sm">
      {error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
          {error}
        </p>
      )}
      {editable && (
        <section aria-label="Check before the release" data-testid="release-problems">
          {data.problems.length ? (
            <ul className="space-y-1 rounded-md bg-amber-50 px-3 py-2 text-amber-900">
              {data.problems.map((p) => (
                <li key={`${p.target}:${p.message}`} className="flex gap-2">
                  <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                  {p.message}
                </li>
              ))}
            </ul>
          ) : (
            <p className="flex items-center gap-2 text-green-800">
              <CheckCircle2 aria-hidden="true" className="h-4 w-4" /> No problems found.
            </p>
          )}
        </section>
      )}

      <RecordPicker
        legend="Publications and events"
        value={items}
        onChange={setItems}
        offer={(r) => shownStatus(r) !== 'published'}
        disabled={!editable}
        empty="No drafts or scheduled items to add."
      >
        {editable && (
          <Button variant="secondary" onClick={() => void change({ items }, 'Items saved')}>
            Save items
          </Button>
        )}
      </RecordPicker>

      <ReleaseTexts
        texts={data.texts}
        editable={editable}
        onSave={(texts) => change({ texts }, 'Text changes saved')}
      />

      {editable && (
        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 font-semibold">Reschedule</legend>
          <ReleaseTimeFields
            idPrefix={`release-${id}`}
            publishAt={when.publishAt}
            timeZone={when.timeZone}
            onChange={(publishAt, timeZone) => setWhen({ publishAt, timeZone })}
          />
          <div className="self-end">
            <Button variant="secondary" onClick={() => void change(when, 'Release rescheduled')}>
              Reschedule
            </Button>
          </div>
        </fieldset>
      )}

      {editable && (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => void preview()}>
            <Link2 aria-hidden="true" className="h-4 w-4" /> Make preview link
          </Button>
          <Button variant="danger" onClick={() => void cancel()}>
            <Ban aria-hidden="true" className="h-4 w-4" /> Cancel release
          </Button>
        </div>
      )}
      {link && (
        <p>
          Preview of the whole release (copy it now: it is shown only this once; it works until{' '}
          {formatWhen(link.expiresAt)}):{' '}
          <code className="break-all" data-testid="release-preview-url">
            {link.url}
          </code>
        </p>
      )}

      <section aria-label="Release history">
        <h3 className="mb-1 font-semibold">History</h3>
        <ol className="space-y-1 text-ink-muted" data-testid="release-log">
          {data.log.map((l) => (
            <li key={`${l.at}-${l.action}`}>
              {formatWhen(l.at)} · {l.user} · {l.summary}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
