import { formatDistanceStrict } from 'date-fns';
import { useEffect, useState } from 'react';
import { cx, ui } from '../ui/styles';
import { useFetch } from './use-fetch';

/** What GET /api/admin/releases answers (src/server/releases.ts). */
interface Releases {
  upcoming: { collection: 'publications' | 'events'; id: string; title: string; at: string; publishAt: string; timeZone: string }[];
  warning: string | null;
}

const TICK_MS = 30_000;

/**
 * The publish tracker's list of scheduled releases: "Scheduled for …" with a countdown, and the
 * warning the scheduled check records when a release is near and the last build failed.
 * `only` narrows it to one collection (on that collection's page).
 */
export default function ScheduledReleases({ only }: { only?: 'publications' | 'events' }) {
  const { data } = useFetch<Releases>('/api/admin/releases');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!data) return null;
  const upcoming = data.upcoming.filter((r) => !only || r.collection === only);
  if (!upcoming.length && !data.warning) return null;
  return (
    <section aria-label="Scheduled releases" className={cx(ui.card, 'mb-4 p-4')} data-testid="scheduled-releases">
      {data.warning && (
        <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {data.warning}
        </p>
      )}
      <ul className="space-y-1 text-sm">
        {upcoming.map((r) => (
          <li key={r.id}>
            <span className="font-medium text-ink">{r.title}</span>
            <span className="text-ink-muted">
              {' '}
              · Scheduled for {r.publishAt.replace('T', ' ')} ({r.timeZone}) ·{' '}
              <span data-testid="release-countdown">{Date.parse(r.at) > now ? `in ${formatDistanceStrict(new Date(r.at), now)}` : 'going live with the next build'}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
