import { useStore } from '@nanostores/react';
import type { NewsletterIssue, UnknownRecipientList } from '../../../../schemas/newsletter-issue';
import { $session } from '../../../../stores/session';
import LoadStatus from '../../../ui/LoadStatus';
import { useFetch } from '../../use-fetch';

/**
 * The readers whose copy's fate is unknown: a run was cut off while handing it to the provider,
 * and it was not sent again, so each has it once or not at all. Addresses are personal data: an
 * editor is told an admin can see them.
 */
export default function UnknownRecipients({ issue }: { issue: NewsletterIssue }) {
  const session = useStore($session);
  const admin = session.status === 'signed-in' && session.user.role === 'admin';
  if (!issue.counts.unknown) return null;
  return (
    <section className="space-y-2 text-sm" data-testid="issue-unknown">
      <p>
        {issue.counts.unknown === 1 ? 'One copy was' : `${issue.counts.unknown} copies were`} being
        handed to the mail provider when a sending run was cut off. They were not sent again: each
        of these readers has the issue once or not at all.
        {!admin && ' An admin can see who they are.'}
      </p>
      {admin && <UnknownList id={issue.id} />}
    </section>
  );
}

function UnknownList({ id }: { id: string }) {
  const list = useFetch<UnknownRecipientList>(
    `/api/admin/newsletter-issues/${encodeURIComponent(id)}/unknown`,
  );
  if (!list.data) return <LoadStatus loaded={false} error={list.error} />;
  const { items, total } = list.data;
  return (
    <>
      <ul
        className="list-inside list-disc text-ink-muted"
        aria-label="Readers whose copy is unknown"
      >
        {items.map((r, i) => (
          <li key={r.email ?? `gone-${i}`}>{r.email ?? 'a reader who has since been erased'}</li>
        ))}
      </ul>
      {total > items.length && <p className="text-ink-muted">and {total - items.length} more</p>}
    </>
  );
}
