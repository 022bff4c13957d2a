import { useStore } from '@nanostores/react';
import { formatDistanceToNow } from 'date-fns/formatDistanceToNow';
import type { PublishState as PublishInfo } from '../../schemas/publish-state';
import { $publish, publishNow } from '../../stores/publish';
import Button from '../ui/Button';
import { notify } from '../ui/toast';
import { cx } from '../ui/styles';
import { useAction } from '../ui/use-action';

const LOOK: Record<PublishInfo['state'], { label: string; className: string }> = {
  live: { label: 'Live', className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30' },
  queued: { label: 'Changes queued', className: 'bg-amber-50 text-amber-800 ring-amber-600/30' },
  building: { label: 'Publishing...', className: 'bg-brand-50 text-brand-800 ring-brand-600/30' },
  failed: { label: 'Publish failed', className: 'bg-red-50 text-red-800 ring-red-600/30' },
};

/** 'Published, except: "Title" (publication at /publications/x: why)', or '' when nothing was left out. */
export function exceptions(info: PublishInfo): string {
  const skipped = info.skipped ?? [];
  if (info.state !== 'live' || !skipped.length) return '';
  return `Published, except: ${skipped.map((s) => `"${s.title}" (${s.kind} at ${s.page}: ${s.reason})`).join('; ')}`;
}

/** A short sentence about the last build, for titles and the dashboard. */
export function publishDetail(info: PublishInfo): string {
  if (info.state === 'failed' && info.lastError) return info.lastError;
  if (exceptions(info)) return exceptions(info);
  if (!info.lastBuildAt) return 'Not built yet';
  const ago = formatDistanceToNow(new Date(info.lastBuildAt), { addSuffix: true });
  const took = info.lastBuildDurationMs
    ? ` in ${(info.lastBuildDurationMs / 1000).toFixed(1)} s`
    : '';
  return `Last published ${ago}${took}`;
}

/** The publish state of the site with a 'Publish now' button (polls while a build is pending). */
export default function PublishBadge({ detailed = false }: { detailed?: boolean }) {
  const info = useStore($publish);
  // publishNow answers a failure in words rather than throwing: the action rethrows them for its toast.
  const publish = useAction({
    toast: 'Publish failed',
    describe: (failure) => (failure instanceof Error ? failure.message : String(failure)),
  });
  if (!info) return null;
  const left = info.state === 'live' ? (info.skipped ?? []).length : 0;
  // Live, but some records could not render: the site is up, and someone should look at those.
  const look = left
    ? { label: `Published, except ${left}`, className: LOOK.queued.className }
    : LOOK[info.state];
  const pending = info.state === 'queued' || info.state === 'building';
  return (
    <div className={cx('flex items-center gap-2', detailed && 'flex-wrap')}>
      <span
        data-testid="publish-state"
        data-state={left ? 'live-except' : info.state}
        title={publishDetail(info)}
        className={cx(
          'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
          look.className,
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            'h-1.5 w-1.5 rounded-full bg-current',
            pending && 'motion-safe:animate-pulse',
          )}
        />
        {look.label}
      </span>
      {detailed && <span className="text-sm text-ink-muted">{publishDetail(info)}</span>}
      <Button
        variant="secondary"
        className="px-2.5 py-1 text-xs"
        disabled={publish.pending || info.state === 'building'}
        onClick={() =>
          void publish.run(async () => {
            const failure = await publishNow();
            if (failure) throw new Error(failure);
            notify({
              title: 'Publishing',
              description: 'The site is being rebuilt with your changes.',
            });
          })
        }
      >
        Publish now
      </Button>
    </div>
  );
}
