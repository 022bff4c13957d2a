import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { apiRequest, ApiError } from '../../../lib/api';
import type { Proposal, ProposalDiffField, ProposalStatus } from '../../../schemas/proposal';
import { PROPOSAL_STATUSES } from '../../../schemas/proposal';
import { can } from '../../../schemas/roles';
import { announce } from '../../../stores/admin-announce';
import { noteChanged } from '../../../stores/publish';
import { $session } from '../../../stores/session';
import Button from '../../ui/Button';
import LoadStatus from '../../ui/LoadStatus';
import Pagination from '../../ui/Pagination';
import { cx, ui } from '../../ui/styles';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import { formatWhen } from '../format-time';
import PageHeader from '../PageHeader';
import { useFetch } from '../use-fetch';

const PAGE_SIZE = 20;
const STATUS_LABEL: Record<ProposalStatus, string> = {
  pending: 'Awaiting review',
  'changes-requested': 'Sent back',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};
const SUBJECT_LABEL: Record<string, string> = {
  'site-settings': 'Site texts',
  'research-areas': 'Research area',
  'team-members': 'Team member',
  publications: 'Publication',
  events: 'Event',
  stats: 'Stat',
};

interface ListPage {
  items: Proposal[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}
interface Detail {
  proposal: Proposal;
  diff: ProposalDiffField[];
}

const shown = (v: unknown) =>
  v === undefined || v === null || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v);
const what = (p: Proposal) =>
  `${SUBJECT_LABEL[p.subject] ?? p.subject}${p.action === 'create' ? ' (new)' : p.action === 'delete' ? ' (delete)' : ''}: ${p.label}`;

/**
 * Review before publish, in the admin: every proposal (a contributor sees their own), newest
 * first; one opened shows each field as it is now and as proposed. Reviewers approve, send back
 * with a comment, or reject; its author edits and resubmits it, or withdraws it.
 */
export default function ProposalsPage() {
  const session = useStore($session);
  const user = session.status === 'signed-in' ? session.user : null;
  const reviewer = !!user && can(user.role, 'content');
  // Reviewers start with what awaits them; authors with all of theirs (sent back ones too).
  const [chosen, setStatus] = useState<ProposalStatus | '' | null>(null);
  const status = chosen ?? (reviewer ? 'pending' : '');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(() =>
    typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('id'),
  );
  const list = useFetch<ListPage>(
    `/api/admin/proposals?page=${page}&pageSize=${PAGE_SIZE}${status ? `&status=${status}` : ''}`,
  );
  return (
    <div>
      <PageHeader
        title="Proposals"
        description={
          reviewer
            ? 'Changes waiting for a second person. Nothing here is on the site until someone approves it; nobody approves their own.'
            : 'Your proposed changes and what reviewers said. They go live once an editor or admin approves them.'
        }
      />
      <label className="mb-4 flex items-center gap-2 text-sm">
        Show
        <select
          className={ui.input}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ProposalStatus | '');
            setPage(1);
          }}
        >
          <option value="">All</option>
          {PROPOSAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      <LoadStatus loaded={!!list.data} error={list.error} />
      {list.data && list.data.items.length === 0 && (
        <p className={cx(ui.card, 'p-8 text-center text-ink-muted')}>Nothing here.</p>
      )}
      <ul className="space-y-3" aria-label="Proposals">
        {list.data?.items.map((p) => (
          <li key={p.id} className={cx(ui.card, 'p-4')} data-testid="proposal-row">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="text-sm font-semibold text-ink">{what(p)}</p>
                <p className="text-xs text-ink-soft">
                  {p.author} · {formatWhen(p.createdAt)}
                  {p.action === 'update' ? ` · ${Object.keys(p.changes).join(', ')}` : ''}
                </p>
              </div>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-ink">
                {STATUS_LABEL[p.status]}
              </span>
            </div>
            {p.comments.filter((c) => c.text).length > 0 && (
              <ul className="mt-2 space-y-1 text-sm" aria-label="Comments">
                {p.comments
                  .filter((c) => c.text)
                  .map((c) => (
                    <li key={c.at} className="rounded bg-amber-50 px-2 py-1 text-amber-950">
                      {c.by}: {c.text}
                    </li>
                  ))}
              </ul>
            )}
            <div className="mt-2">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setOpenId(openId === p.id ? null : p.id)}
                aria-expanded={openId === p.id}
              >
                {openId === p.id ? 'Close' : 'Open'}
              </Button>
            </div>
            {openId === p.id && (
              <ProposalDetail
                id={p.id}
                me={user?.username ?? ''}
                reviewer={reviewer}
                onChanged={() => void list.reload()}
              />
            )}
          </li>
        ))}
      </ul>
      {openId && list.data && !list.data.items.some((p) => p.id === openId) && (
        <div className={cx(ui.card, 'mt-3 p-4')}>
          <ProposalDetail
            id={openId}
            me={user?.username ?? ''}
            reviewer={reviewer}
            onChanged={() => void list.reload()}
          />
        </div>
      )}
      {list.data && (
        <Pagination page={page} pageSize={PAGE_SIZE} hasMore={list.data.hasMore} onPage={setPage} />
      )}
    </div>
  );
}

function ProposalDetail({
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
