import { useEffect, useState, type FormEvent } from 'react';
import { apiRequest, errorMessage } from '../../lib/api';
import Button from '../ui/Button';
import { useAction } from '../ui/use-action';
import LinkAction from './LinkAction';
import type { Preferences, TopicArea } from '../../schemas/newsletter';

const topicsUrl = (token: string) =>
  `/api/newsletter/preferences?token=${encodeURIComponent(token)}`;

/** What the reader will get, in words. */
const summary = (topics: readonly string[], areas: readonly TopicArea[]) =>
  topics.length === 0
    ? 'every newsletter'
    : areas
        .filter((a) => topics.includes(a.slug))
        .map((a) => a.title)
        .join(', ');

/**
 * The preferences page, from the link in a newsletter email (`?token=…`, the subscription's
 * unsubscribe token): the reader picks topics or unsubscribes, with no account. Loading the page
 * changes nothing; only its buttons do.
 */
export default function NewsletterPreferences() {
  const [token] = useState(() =>
    typeof window === 'undefined'
      ? ''
      : (new URLSearchParams(window.location.search).get('token') ?? ''),
  );
  const [prefs, setPrefs] = useState<Preferences | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [loadError, setLoadError] = useState('');
  const [saved, setSaved] = useState('');
  const [left, setLeft] = useState(false);
  const save = useAction({ fallback: 'Your topics were not saved. Please try again.' });

  useEffect(() => {
    if (!token) return;
    apiRequest<Preferences>('GET', topicsUrl(token)).then(
      (p) => {
        setPrefs(p);
        setChosen(p.topics);
      },
      (error: unknown) =>
        setLoadError(
          errorMessage(error, 'Your preferences could not be loaded. Please try again.'),
        ),
    );
  }, [token]);

  const toggle = (slug: string, on: boolean) => {
    setSaved('');
    setChosen((now) => (on ? [...now, slug] : now.filter((s) => s !== slug)));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved('');
    void save.run(async () => {
      const { topics } = await apiRequest<{ topics: string[] }>(
        'POST',
        '/api/newsletter/preferences',
        { token, topics: chosen },
      );
      setChosen(topics);
      setSaved(`Saved: you will receive ${summary(topics, prefs?.areas ?? [])}.`);
    });
  };

  if (!token)
    return (
      <p role="alert" className="text-red-800">
        This page needs the link from a newsletter email: open it from there.
      </p>
    );
  if (loadError)
    return (
      <p role="alert" className="text-red-800">
        {loadError}
      </p>
    );
  if (!prefs)
    return (
      <p role="status" className="text-ink-muted">
        Loading your preferences...
      </p>
    );
  return (
    <div className="space-y-8">
      <p className="text-sm text-ink-muted">
        Subscribed address: <span className="font-medium text-ink">{prefs.email}</span>
      </p>
      {!left && (
        <form onSubmit={onSubmit} aria-label="Newsletter topics">
          <fieldset>
            <legend className="font-medium text-ink">Topics</legend>
            <p className="mt-1 text-sm text-ink-muted">
              Leave all unchecked to receive every newsletter.
            </p>
            <div className="mt-3 grid gap-2 sm:grid-cols-2">
              {prefs.areas.map((a) => (
                <label key={a.slug} className="flex items-start gap-2 text-ink">
                  <input
                    type="checkbox"
                    name="topics"
                    value={a.slug}
                    checked={chosen.includes(a.slug)}
                    onChange={(e) => toggle(a.slug, e.target.checked)}
                    className="mt-1"
                  />
                  {a.title}
                </label>
              ))}
            </div>
          </fieldset>
          <Button
            type="submit"
            look="site"
            className="mt-4"
            busy={save.pending}
            busyLabel="Saving..."
          >
            Save topics
          </Button>
          <p role="status" className="mt-3 min-h-5 text-sm font-medium text-brand-800">
            {saved}
          </p>
          {save.error && (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {save.error}
            </p>
          )}
        </form>
      )}
      <div className="border-t border-slate-200 pt-6">
        <h2 className="font-medium text-ink">Stop the newsletter</h2>
        <p className="mt-1 mb-3 text-sm text-ink-muted">One click, and no more emails.</p>
        <LinkAction
          endpoint="/api/newsletter/unsubscribe"
          label="Unsubscribe"
          busyLabel="Unsubscribing..."
          onDone={() => setLeft(true)}
        />
      </div>
    </div>
  );
}
