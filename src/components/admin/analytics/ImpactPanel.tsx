import { lazy, Suspense, useMemo } from 'react';
import type { ImpactFigures, PublicationImpact } from '../../../schemas/analytics';
import { formatStoredDay } from '../../../lib/date-style';
import LoadStatus from '../../ui/LoadStatus';
import { useFetch } from '../use-fetch';
import CountTable from './CountTable';

const ViewsChart = lazy(() => import('./ViewsChart'));

const figureRows = (f: ImpactFigures, previous?: ImpactFigures) =>
  (
    [
      ['Page views', 'views'],
      ['PDF downloads', 'pdf'],
      ['Citation downloads', 'citation'],
    ] as const
  ).map(([label, key]) => [label, f[key], ...(previous ? [previous[key]] : [])]);

/**
 * A publication's impact: views of its page per day (up to the last 90), downloads, where readers
 * came from (newsletter issues included), and its first 7 and 30 days beside the previous one's.
 */
export default function ImpactPanel({
  id,
  heading = 'Impact',
  compact = false,
}: {
  id: string;
  heading?: string;
  /** The figures and comparisons only, without the chart and the lists (the dashboard's). */
  compact?: boolean;
}) {
  const { data, error } = useFetch<PublicationImpact>(
    `/api/admin/analytics/publications/${encodeURIComponent(id)}`,
  );
  const series = useMemo(
    () =>
      data ? [{ label: 'Views', color: '#1d4ed8', values: data.days.map((d) => d.views) }] : [],
    [data],
  );
  if (!data) return <LoadStatus loaded={false} error={error} />;
  const prev = data.previous;
  const compare = (span: 'first7' | 'first30', label: string) => (
    <CountTable
      caption={prev ? `${label}: this and the previous publication (${prev.title})` : `${label}`}
      headers={['', 'This publication', ...(prev ? ['Previous'] : [])]}
      rows={figureRows(data[span], prev?.[span])}
    />
  );
  return (
    <section
      aria-label={`${heading}: ${data.title}`}
      className="space-y-4"
      data-testid="impact-panel"
    >
      {compact && <h3 className="font-medium text-ink">{data.title}</h3>}
      <p className="text-sm text-ink-muted">
        <span data-testid="impact-total-views">{data.totals.views}</span> views of{' '}
        <code>{data.path}</code> since {formatStoredDay(data.days[0]?.date ?? data.publishedOn)}{' '}
        (published {formatStoredDay(data.publishedOn)}), {data.totals.pdf} PDF and{' '}
        {data.totals.citation} citation downloads.
      </p>
      {!compact && data.days.length > 1 && (
        <Suspense fallback={<div className="h-[220px]" />}>
          <ViewsChart dates={data.days.map((d) => d.date)} series={series} />
        </Suspense>
      )}
      {!compact && (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-brand-700">
            Views per day as a table
          </summary>
          <CountTable
            caption="Views per day"
            headers={['Day', 'Views']}
            rows={data.days.map((d) => [formatStoredDay(d.date), d.views])}
          />
        </details>
      )}
      {compare('first7', 'First 7 days')}
      {!compact && compare('first30', 'First 30 days')}
      {!compact && (
        <CountTable
          caption="Where readers came from"
          headers={['Site', 'Views']}
          rows={data.referrers.map((r) => [r.host, r.views])}
          empty="No visits from other sites yet."
        />
      )}
      {!compact && (
        <CountTable
          caption="Newsletter issues"
          headers={['Issue', 'Views']}
          rows={data.newsletter.map((n) => [n.issue, n.views])}
          empty="No visits from newsletter links yet."
        />
      )}
    </section>
  );
}
