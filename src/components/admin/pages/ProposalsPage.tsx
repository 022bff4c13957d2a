import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Proposal, ProposalStatus } from '../../../schemas/proposal';
import { PROPOSAL_STATUSES } from '../../../schemas/proposal';
import { can } from '../../../schemas/roles';
import { $session } from '../../../stores/session';
import Button from '../../ui/Button';
import LoadStatus from '../../ui/LoadStatus';
import Pagination from '../../ui/Pagination';
import { cx, ui } from '../../ui/styles';
import { formatWhen } from '../format-time';
import PageHeader from '../PageHeader';
import ProposalDetail from './ProposalDetail';
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
