import type { Proposal, ProposalDiffField, ProposalStatus } from '../../../schemas/proposal';
import { HttpError } from '../../http/errors';
import { listPrefix, listProposals, openProposalsOnSubject, readProposal } from '../proposal-store';
import { proposalSubject } from '../proposal-subjects';
import { isReviewer, same, type Who } from './guards';
import { sameValue } from './values';

/** A proposal the user may see: every one for reviewers, their own for authors; else 404. */
export async function visibleProposal(user: Who, id: string): Promise<Proposal> {
  const p = await readProposal(id);
  if (!p || (!isReviewer(user) && !same(p.author, user.username)))
    throw new HttpError(404, 'Proposal not found');
  return p;
}

/** Page of proposals, newest first: every one for reviewers, a contributor's own for them. */
export async function listVisibleProposals(
  user: Who,
  query: { status?: ProposalStatus; page: number; pageSize: number },
) {
  const author = isReviewer(user) ? undefined : user.username;
  return listProposals(
    listPrefix({ status: query.status, author }),
    query.page,
    query.pageSize,
    (p) =>
      (query.status === undefined || p.status === query.status) &&
      (author === undefined || same(p.author, author)),
  );
}

/**
 * The open proposals on the given subjects, for the in-place editor: every one for reviewers, a
 * contributor's own for them.
 */
export async function openProposalsFor(user: Who, subjects: string[]): Promise<Proposal[]> {
  const lists = await Promise.all(
    subjects.map((s) => openProposalsOnSubject(proposalSubject(s).name)),
  );
  return lists.flat().filter((p) => isReviewer(user) || same(p.author, user.username));
}

/** The proposal with each field it changes: as proposed, as it was, as it is now. */
export async function proposalWithDiff(user: Who, id: string) {
  const proposal = await visibleProposal(user, id);
  const subject = proposalSubject(proposal.subject);
  const current = proposal.action === 'create' ? null : await subject.get(proposal.recordId);
  const fields =
    proposal.action === 'delete' ? Object.keys(proposal.base) : Object.keys(proposal.changes);
  const diff: ProposalDiffField[] = fields.map((field) => ({
    field,
    base: proposal.base[field],
    proposed: proposal.action === 'delete' ? undefined : proposal.changes[field],
    current: current?.[field],
    changedSince:
      proposal.action !== 'create' && !sameValue(proposal.base[field], current?.[field]),
  }));
  return { proposal, current, diff };
}
