import { useState } from 'react';
import { apiRequest, ApiError, errorMessage } from '../../lib/api';
import { notify } from '../ui/toast';
import { noteChanged } from '../../stores/publish';
import type { FieldProposal } from './editor-api';

/** Props of a field's review badge: its open proposal, and whether the viewer wrote it. */
export interface ProposalBadgeProps {
  label: string;
  proposal: FieldProposal;
  mine: boolean;
  /** Its proposed text as the page shows it. */
  shown: string;
  /** The reviewer decided it: approved (the new stored value) or rejected (null). */
  onDecided(approved: string | null): void;
}

const BADGE =
  'ml-1 inline-flex items-center rounded-full px-2 py-0.5 font-sans text-xs font-semibold shadow-sm ring-1';

/**
 * Beside a text with an open proposal. Its author sees their proposed text marked "Awaiting
 * review" (or "Sent back" with the reviewer's comment); a reviewer sees "Proposed change", which
 * opens the proposed text with Approve and Reject.
 */
export function ProposalBadge({ label, proposal, mine, shown, onDecided }: ProposalBadgeProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (mine) {
    const sentBack = proposal.status === 'changes-requested';
    return (
      <span
        className={`${BADGE} ${sentBack ? 'bg-amber-50 text-amber-900 ring-amber-300' : 'bg-sky-50 text-sky-900 ring-sky-300'}`}
        title={sentBack && proposal.comment ? `Sent back: ${proposal.comment}` : undefined}
      >
        {sentBack
          ? `Sent back${proposal.comment ? `: ${proposal.comment}` : ''}`
          : 'Awaiting review'}
      </span>
    );
  }
  const decide = async (approve: boolean) => {
    setBusy(true);
    try {
      const url = `/api/admin/proposals/${encodeURIComponent(proposal.id)}`;
      await apiRequest(approve ? 'POST' : 'DELETE', approve ? `${url}/approve` : url);
      setOpen(false);
      onDecided(approve ? proposal.value : null);
      if (approve) noteChanged();
      notify({ title: approve ? 'Approved: it goes live with the next build' : 'Rejected' });
    } catch (error) {
      notify({
        title: approve ? 'Could not approve it' : 'Could not reject it',
        description:
          error instanceof ApiError && error.status === 409
            ? 'The text changed since it was proposed: open it under Admin → Proposals.'
            : errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="relative inline-flex">
      <button
        type="button"
        aria-expanded={open}
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setOpen(!open);
        }}
        className={`${BADGE} bg-amber-50 text-amber-900 ring-amber-300 hover:bg-amber-100`}
      >
        Proposed change
      </button>
      {open && (
        <span
          role="dialog"
          aria-label={`Proposed change to ${label}`}
          className="absolute top-full left-0 z-[1001] mt-1 block w-80 max-w-[80vw] rounded-lg border border-slate-300 bg-white p-3 text-left font-sans text-sm font-normal text-ink shadow-lg"
        >
          <span className="block font-semibold">{proposal.author} proposes:</span>
          <span className="mt-1 block whitespace-pre-line text-ink-muted">{shown}</span>
          <span className="mt-2 flex gap-2">
            <button
              type="button"
              disabled={busy}
              onClick={() => void decide(true)}
              className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
            >
              Approve
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void decide(false)}
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-slate-50 disabled:opacity-60"
            >
              Reject
            </button>
          </span>
        </span>
      )}
    </span>
  );
}
