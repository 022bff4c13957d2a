import { formatDistanceStrict } from 'date-fns/formatDistanceStrict';
import { formatDateTime } from '../../lib/date-style';
import { useEffect, useState } from 'react';
import type { ReleasesOverview } from '../../schemas/release-bundle';
import { cx, ui } from '../ui/styles';
import { useFetch } from './use-fetch';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const TICK_MS = 30_000;

/**
 * The publish tracker's list of what is scheduled: releases (several changes that go live
 * together) and single items, each "Scheduled for …" with a countdown, and the warning the
 * scheduled check records when a release is near and the last build failed. `only` narrows it
 * to one collection (on that collection's page: the releases holding its items).
 */
export default function ScheduledReleases({ only }: { only?: 'publications' | 'events' }) {
  const { data } = useFetch<ReleasesOverview>('/api/admin/releases');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!data) return null;
  const upcoming = data.upcoming.filter((r) => !only || r.collection === only);
  const releases = data.releases.filter(
    (r) => r.status === 'scheduled' && (!only || r.items.some((i) => i.collection === only)),
  );
  if (!upcoming.length && !releases.length && !data.warning) return null;
  const countdown = (at: string) =>
    Date.parse(at) > now
      ? `in ${formatDistanceStrict(new Date(at), now)}`
      : 'going live with the next build';
  return (
    <section
      aria-label="Scheduled releases"
      className={cx(ui.card, 'mb-4 p-4')}
      data-testid="scheduled-releases"
    >
      {data.warning && (
        <p role="alert" className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {data.warning}
        </p>
      )}
      <ul className="space-y-1 text-sm">
        {releases.map((r) => (
          <li key={r.id} data-testid="scheduled-release">
            <span className="font-medium text-ink">Release “{r.name}”</span>
            <span className="text-ink-muted">
              {' '}
              ({plural(r.items.length, 'item')},{' '}
              {plural(Object.keys(r.texts).length, 'text change')}) · Scheduled for{' '}
              {formatDateTime(r.at, r.timeZone)} ({r.timeZone}) ·{' '}
              <span data-testid="release-countdown">{countdown(r.at)}</span>
            </span>
          </li>
        ))}
        {upcoming.map((r) => (
          <li key={r.id}>
            <span className="font-medium text-ink">{r.title}</span>
            <span className="text-ink-muted">
              {' '}
              {r.release && `(in the release “${r.release}”) `}· Scheduled for{' '}
              {formatDateTime(r.at, r.timeZone)} ({r.timeZone}) ·{' '}
              <span data-testid="release-countdown">{countdown(r.at)}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
