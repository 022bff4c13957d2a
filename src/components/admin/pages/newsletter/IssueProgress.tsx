import type { IssueSummary } from '../../../../schemas/newsletter-issue';

type Tally = Pick<IssueSummary, 'status' | 'counts'> & {
  bounces?: { hard: number; complaints: number };
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * How far a send got: a progress bar while sending (every recipient handled, whether sent, failed,
 * unknown or skipped, moves it), then the final counts with the bounces and complaints reported since.
 */
export default function IssueProgress({ issue }: { issue: Tally }) {
  const { recipients, sent, failed, unknown, skipped } = issue.counts;
  const done = sent + failed + unknown + skipped;
  const counts = [
    `${sent} sent`,
    failed ? `${failed} failed` : '',
    // Handed over when a run was cut off: never sent again, so each arrived once or not at all.
    unknown ? `${unknown} unknown (interrupted, not resent)` : '',
    skipped ? `${skipped} skipped` : '',
  ].filter(Boolean);
  if (issue.status === 'sending')
    return (
      <div className="space-y-1 text-sm" data-testid="issue-progress">
        <progress
          className="h-2 w-full max-w-sm accent-brand-600"
          max={Math.max(recipients, 1)}
          value={Math.min(done, recipients)}
          aria-label={`Sending: ${done} of ${recipients}`}
        />
        <p className="text-ink-muted">
          {done} of {plural(recipients, 'recipient')} · {counts.join(', ')}
        </p>
      </div>
    );
  if (issue.status !== 'sent') return null;
  // The list's rows leave the bounces out; the issue itself has them.
  const bounces = issue.bounces
    ? ` · ${plural(issue.bounces.hard, 'bounce')}, ${plural(issue.bounces.complaints, 'complaint')}`
    : '';
  return (
    <p className="text-sm text-ink-muted" data-testid="issue-counts">
      {plural(recipients, 'recipient')}: {counts.join(', ')}
      {bounces}
    </p>
  );
}
