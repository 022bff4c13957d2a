import CalendarClock from 'lucide-react/icons/calendar-clock';
import Plus from 'lucide-react/icons/plus';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../lib/date-style';
import type { ReleaseBundle, ReleasesOverview } from '../../../schemas/release-bundle';
import type { SiteSettings } from '../../../schemas/site-settings';
import { saveContent } from '../../../stores/publish';
import FormField from '../../ui/FormField';
import LoadStatus from '../../ui/LoadStatus';
import Button from '../../ui/Button';
import { cx, ui } from '../../ui/styles';
import { useAction } from '../../ui/use-action';
import PageHeader from '../PageHeader';
import { useFetch } from '../use-fetch';
import ReleaseDetail from './ReleaseDetail';
import ReleaseTimeFields from './ReleaseTimeFields';

// A release that went live reads as its items do: published.
const STATUS = { scheduled: 'Scheduled', released: 'Published', cancelled: 'Cancelled' } as const;

/**
 * Releases: publications, events and site texts that go live together at one time. Make one, then
 * add its items and text changes, check it, share a preview link, reschedule or cancel it.
 */
export default function ReleasesPage() {
  const list = useFetch<ReleasesOverview>('/api/admin/releases');
  const [open, setOpen] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [publishAt, setPublishAt] = useState('');
  const settings = useFetch<SiteSettings>('/api/site-settings');
  // A new release starts in the site's zone, as publications and events do.
  const [chosenZone, setTimeZone] = useState('');
  const timeZone = chosenZone || settings.data?.siteTimeZone || '';
  const making = useAction({ fallback: 'The release could not be made. Please try again.' });

  const create = (event: FormEvent) => {
    event.preventDefault();
    void making.run(async () => {
      const made = await saveContent<ReleaseBundle>('POST', '/api/admin/releases', {
        name,
        publishAt,
        timeZone,
      });
      setName('');
      setPublishAt('');
      setOpen(made.id);
      await list.reload();
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Releases"
        description="Publications, events and site texts that go live together, at one time, with one build."
      />
      <form
        onSubmit={create}
        className={cx(ui.card, 'grid gap-4 p-5 sm:grid-cols-3')}
        noValidate
        aria-label="New release"
      >
        <FormField
          look="admin"
          id="release-name"
          label="Release name"
          error={making.error}
          required
        >
          <input
            id="release-name"
            className={ui.input}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
        </FormField>
        <ReleaseTimeFields
          idPrefix="new-release"
          publishAt={publishAt}
          timeZone={timeZone}
          onChange={(at, zone) => (setPublishAt(at), setTimeZone(zone))}
        />
        <div className="sm:col-span-3">
          <Button type="submit" disabled={making.pending}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Create release
          </Button>
        </div>
      </form>

      <section aria-labelledby="release-list">
        <h2 id="release-list" className="mb-2 text-base font-semibold">
          Releases
        </h2>
        <LoadStatus loaded={!!list.data} error={list.error} />
        {list.data?.releases.length === 0 && (
          <p className="text-sm text-ink-muted">No releases yet.</p>
        )}
        <ul className="space-y-3">
          {list.data?.releases.map((r) => (
            <li key={r.id} className={ui.card} data-testid="release">
              <button
                type="button"
                className="flex w-full flex-wrap items-center justify-between gap-2 p-4 text-left"
                aria-expanded={open === r.id}
                onClick={() => setOpen(open === r.id ? null : r.id)}
              >
                <span className="font-semibold">{r.name}</span>
                <span className="flex items-center gap-2 text-sm text-ink-muted">
                  <CalendarClock aria-hidden="true" className="h-4 w-4" />
                  {formatDateTime(r.at, r.timeZone)} ({r.timeZone}) · {STATUS[r.status]} ·{' '}
                  {r.items.length} item{r.items.length === 1 ? '' : 's'},{' '}
                  {Object.keys(r.texts).length} text change
                  {Object.keys(r.texts).length === 1 ? '' : 's'}
                </span>
              </button>
              {open === r.id && <ReleaseDetail id={r.id} onChanged={() => void list.reload()} />}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
