import { cx, ui } from '../../ui/styles';
import LoadStatus from '../../ui/LoadStatus';
import { useFetch } from '../use-fetch';
import ImpactPanel from './ImpactPanel';

/** The dashboard's impact of the three latest publications, each beside the one before it. */
export default function LatestImpact() {
  const { data, error } = useFetch<{ ids: string[] }>('/api/admin/analytics/publications/latest');
  return (
    <section aria-labelledby="impact-heading" className={cx(ui.card, 'p-5')}>
      <h2 id="impact-heading" className="text-base font-semibold">
        Latest publications: impact
      </h2>
      <LoadStatus loaded={!!data} error={error} />
      {data?.ids.length === 0 && (
        <p className="mt-2 text-sm text-ink-muted">No publications yet.</p>
      )}
      <div className="mt-3 grid gap-6 lg:grid-cols-3">
        {data?.ids.map((id) => (
          <ImpactPanel key={id} id={id} heading="Latest" compact />
        ))}
      </div>
    </section>
  );
}
