import { useStore } from '@nanostores/react';
import { formatClock } from '../../lib/date-style';
import { $publishPill } from '../../stores/publish';

const time = (iso: string | null) => (iso ? formatClock(iso) : null);

/** The floating status of saved edits: 'Saved', 'Publishing…', 'Live', or the build error. */
export function PublishPill() {
  const pill = useStore($publishPill);
  if (pill.phase === 'hidden') return null;
  const look = {
    saved: 'bg-brand-600 text-white',
    publishing: 'bg-amber-100 text-amber-900 ring-1 ring-amber-300',
    live: 'bg-emerald-700 text-white',
    failed: 'bg-red-700 text-white',
  }[pill.phase];
  return (
    <div
      role="status"
      aria-live="polite"
      data-edit-publish={pill.phase}
      className={`max-w-[calc(100vw-2rem)] rounded-full px-4 py-2 font-sans text-sm font-medium shadow-lg ${look}`}
    >
      {pill.phase === 'saved' && 'Saved'}
      {pill.phase === 'publishing' && (
        <span className="inline-flex items-center gap-2">
          <span
            aria-hidden="true"
            className="size-2 rounded-full bg-amber-500 motion-safe:animate-pulse"
          />
          Publishing…
        </span>
      )}
      {pill.phase === 'live' && (
        <span>
          Live
          {time(pill.lastBuildAt) && (
            <span className="ml-1 font-normal">· updated {time(pill.lastBuildAt)}</span>
          )}
        </span>
      )}
      {pill.phase === 'failed' && (
        <span className="line-clamp-2">Publish failed: {pill.error}</span>
      )}
    </div>
  );
}
