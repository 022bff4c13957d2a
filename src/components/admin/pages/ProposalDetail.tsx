import { useState } from 'react';
import { apiRequest, ApiError } from '../../../lib/api';
import type { Proposal, ProposalDiffField } from '../../../schemas/proposal';
import { announce } from '../../../stores/admin-announce';
import { noteChanged } from '../../../stores/publish';
import Button from '../../ui/Button';
import LoadStatus from '../../ui/LoadStatus';
import { cx, ui } from '../../ui/styles';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import { useFetch } from '../use-fetch';

interface Detail {
  proposal: Proposal;
  diff: ProposalDiffField[];
}

const shown = (v: unknown) =>
  v === undefined || v === null || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v);

/**
 * One proposal opened from the review list: each field as it is now and as proposed, and what its
 * reader may do with it (approve, send back with a comment or reject; its author edits it again or
 * withdraws it).
 */
export default function ProposalDetail({
  id,
  me,
  reviewer,
  onChanged,
}: {
  id: string;
  me: string;
  reviewer: boolean;
  onChanged(): void;
}) {
  const detail = useFetch<Detail>(`/api/admin/proposals/${encodeURIComponent(id)}`);
  const [comment, setComment] = useState('');
  const [edits, setEdits] = useState<Record<string, string>>({});
  const action = useAction({ toast: 'That did not work' });
  const d = detail.data;
  if (!d) return <LoadStatus loaded={false} error={detail.error} />;
  const p = d.proposal;
  const url = `/api/admin/proposals/${encodeURIComponent(p.id)}`;
  const mine = p.author.toLowerCase() === me.toLowerCase();
  const open = p.status === 'pending' || p.status === 'changes-requested';
  const done = async (message: string) => {
    notify({ title: message, description: p.label });
    announce(`${message}: ${p.label}`);
    await detail.reload();
    onChanged();
  };
  const send = (method: string, path: string, body: unknown, message: string) =>
    action.run(async () => {
      try {
        await apiRequest(method, path, body);
      } catch (error) {
        // A stale proposal: the answer carries both versions, which the diff shows after a reload.
        if (error instanceof ApiError && error.status === 409) await detail.reload();
        throw error;
      }
      if (message.startsWith('Approved')) noteChanged();
      await done(message);
    });
  const textFields = d.diff.filter((f) => typeof f.proposed === 'string');
  return (
    <div className="mt-3 space-y-3 border-t border-slate-200 pt-3">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Changes of {p.label}</caption>
        <thead>
          <tr className="text-xs text-ink-soft">
            <th scope="col" className="py-1 pr-2">
              Field
            </th>
            <th scope="col" className="py-1 pr-2">
              Now
            </th>
            <th scope="col" className="py-1">
              Proposed
            </th>
          </tr>
        </thead>
        <tbody>
          {d.diff.map((f) => (
            <tr key={f.field} className="align-top">
              <th scope="row" className="py-1 pr-2 font-medium">
                {f.field}
              </th>
              <td className="py-1 pr-2 break-words whitespace-pre-wrap text-ink-muted">
                {shown(f.current)}
                {f.changedSince && open && (
                  <span className="mt-1 block text-xs font-semibold text-red-700">
                    Changed since it was proposed (was: {shown(f.base)})
                  </span>
                )}
              </td>
              <td className="py-1 break-words whitespace-pre-wrap text-ink">
                {p.action === 'delete' ? '(deleted)' : shown(f.proposed)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {reviewer && !mine && p.status === 'pending' && (
        <div className="space-y-2">
          <label className="block text-sm">
            Comment (required to send it back)
            <textarea
              className={cx(ui.input, 'mt-1 w-full')}
              rows={2}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </label>
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={action.pending}
              onClick={() => void send('POST', `${url}/approve`, undefined, 'Approved')}
            >
              Approve
            </Button>
            <Button
              variant="secondary"
              disabled={action.pending || !comment.trim()}
              onClick={() => void send('POST', `${url}/request-changes`, { comment }, 'Sent back')}
            >
              Send back
            </Button>
            <Button
              variant="danger"
              disabled={action.pending}
              onClick={() => void send('DELETE', url, { comment }, 'Rejected')}
            >
              Reject
            </Button>
          </div>
        </div>
      )}
      {reviewer && open && <OutsideReviewLink url={url} />}
      {mine && open && (
        <div className="space-y-2">
          {p.action !== 'delete' &&
            textFields.map((f) => (
              <label key={f.field} className="block text-sm">
                {f.field}
                <textarea
                  className={cx(ui.input, 'mt-1 w-full')}
                  rows={3}
                  value={edits[f.field] ?? String(f.proposed)}
                  onChange={(e) => setEdits({ ...edits, [f.field]: e.target.value })}
                />
              </label>
            ))}
          <div className="flex flex-wrap gap-2">
            {p.action !== 'delete' && textFields.length > 0 && (
              <Button
                disabled={action.pending}
                onClick={() =>
                  void send(
                    'PATCH',
                    url,
                    Object.fromEntries(
                      textFields.map((f) => [f.field, edits[f.field] ?? String(f.proposed)]),
                    ),
                    'Resubmitted',
                  )
                }
              >
                Resubmit
              </Button>
            )}
            <Button
              variant="secondary"
              disabled={action.pending}
              onClick={() => void send('POST', `${url}/withdraw`, undefined, 'Withdrawn')}
            >
              Withdraw
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

/**
 * A private preview link for an outside reviewer: whoever holds it sees the change and can leave
 * a comment without an account. The address is shown this once (only its hash is kept).
 */
function OutsideReviewLink({ url }: { url: string }) {
  const [link, setLink] = useState<string | null>(null);
  const action = useAction({ toast: 'The link was not made' });
  const make = () =>
    action.run(async () => {
      const made = await apiRequest<{ url: string }>('POST', `${url}/preview-link`);
      setLink(made.url);
      announce('Preview link made');
    });
  return (
    <div className="space-y-2 border-t border-slate-200 pt-3">
      <p className="text-sm text-ink-muted">
        Ask someone without an account: they see the change and can comment, for 7 days.
      </p>
      {link ? (
        <label className="block text-sm">
          Preview link (shown once: copy it now)
          <input
            className={cx(ui.input, 'mt-1 w-full')}
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="proposal-preview-link"
          />
        </label>
      ) : (
        <Button variant="secondary" disabled={action.pending} onClick={() => void make()}>
          Make a preview link
        </Button>
      )}
    </div>
  );
}
