import { lazy, Suspense, useMemo, useState } from 'react';
import type { AnalyticsReport } from '../../../schemas/analytics';
import { formatStoredDay } from '../../../lib/date-style';
import LoadStatus from '../../ui/LoadStatus';
import { cx, ui } from '../../ui/styles';
import CountTable from '../analytics/CountTable';
import { PERIODS, periodRanges, rangeQuery, type PeriodId } from '../analytics/periods';
import PageHeader from '../PageHeader';
import { useFetch } from '../use-fetch';

// The charting library loads only when a chart is shown.
const ViewsChart = lazy(() => import('../analytics/ViewsChart'));

const KIND_LABELS: Record<string, string> = {
  pdf: 'PDF',
  citation: 'Citation',
  ics: 'Calendar',
  feed: 'Feed',
  preview: 'Preview link opened',
  signup: 'Newsletter signup',
};

const sum = (days: { views: number }[]) => days.reduce((n, d) => n + d.views, 0);

/** First-party analytics: views per day against the previous period, top lists, downloads, CSV. */
export default function AnalyticsPage() {
  const [period, setPeriod] = useState<PeriodId>('30');
  const days = PERIODS.find((p) => p.id === period)!.days;
  const ranges = useMemo(() => periodRanges(days), [days]);
  const current = useFetch<AnalyticsReport>(`/api/admin/analytics?${rangeQuery(ranges.current)}`);
  const previous = useFetch<AnalyticsReport>(`/api/admin/analytics?${rangeQuery(ranges.previous)}`);
  const data = current.data;
  const series = useMemo(
    () =>
      data
        ? [
            { label: 'This period', color: '#1d4ed8', values: data.days.map((d) => d.views) },
            {
              label: 'Previous period',
              color: '#94a3b8',
              dashed: true,
              values: (previous.data?.days ?? []).map((d) => d.views),
            },
          ]
        : [],
    [data, previous.data],
  );
  const total = data ? sum(data.days) : 0;
  const before = previous.data ? sum(previous.data.days) : null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Analytics"
        description="Page views and downloads counted on this site: no cookies, no third party, nothing about who read what."
      />
      <div className="flex flex-wrap items-end gap-4">
        <label className={ui.label}>
          Period
          <select
            className={cx(ui.input, 'mt-1')}
            value={period}
            onChange={(e) => setPeriod(e.target.value as PeriodId)}
          >
            {PERIODS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <a
          className={cx(ui.btn, ui.secondary)}
          href={`/api/admin/analytics?${rangeQuery(ranges.current)}&format=csv`}
          download
        >
          Download CSV
        </a>
      </div>
      <LoadStatus loaded={!!data} error={current.error} />
      {data && (
        <>
          <section className={cx(ui.card, 'space-y-4 p-5')} aria-labelledby="views-heading">
            <h2 id="views-heading" className="font-semibold text-ink">
              Views per day
            </h2>
            <p className="text-sm text-ink-muted" data-testid="views-summary">
              {total} views from {ranges.current.from} to {ranges.current.to}
              {before !== null && (
                <>
                  , against {before} in the previous {days} days
                </>
              )}
              . Solid line: this period; dashed: the previous one.
            </p>
            <Suspense fallback={<div className="h-[220px]" />}>
              <ViewsChart dates={data.days.map((d) => d.date)} series={series} />
            </Suspense>
            <details>
              <summary className="cursor-pointer text-sm font-medium text-brand-700">
                Views per day as a table
              </summary>
              <CountTable
                caption="Views per day"
                headers={['Day', 'Views', 'Previous period']}
                rows={data.days.map((d, i) => [
                  formatStoredDay(d.date),
                  d.views,
                  previous.data?.days[i]?.views ?? '',
                ])}
              />
            </details>
          </section>
          <div className="grid gap-6 lg:grid-cols-3">
            <section className={cx(ui.card, 'p-5')}>
              <CountTable
                caption="Top pages"
                headers={['Page', 'Views']}
                rows={data.pages.map((p) => [p.path, p.views])}
              />
            </section>
            <section className={cx(ui.card, 'p-5')}>
              <CountTable
                caption="Where readers came from"
                headers={['Site', 'Views']}
                rows={data.referrers.map((r) => [r.host, r.views])}
                empty="No visits from other sites in this period."
              />
            </section>
            <section className={cx(ui.card, 'p-5')}>
              <CountTable
                caption="Newsletter issues"
                headers={['Issue', 'Views']}
                rows={data.newsletter.map((n) => [n.issue, n.views])}
                empty="No visits from newsletter links in this period."
              />
            </section>
          </div>
          <section className={cx(ui.card, 'p-5')}>
            <CountTable
              caption="Downloads and other events"
              headers={['File or page', 'Kind', 'Count']}
              rows={data.downloads.map((d) => [d.path, KIND_LABELS[d.kind] ?? d.kind, d.count])}
            />
          </section>
        </>
      )}
    </div>
  );
}
