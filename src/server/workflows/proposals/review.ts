import { OPEN_STATUSES } from '../../../schemas/proposal';
import { HttpError } from '../../http/errors';
import { noteProposalStep } from '../proposal-mail';
import { changeProposal, readProposal } from '../proposal-store';
import { assertNotBeingApproved, assertReviewerOf, assertStatus, type Who } from './guards';
import { comment, now } from './values';

/** A reviewer sends it back with a comment: the author edits it and resubmits. */
export async function requestChanges(reviewer: Who, id: string, text: string) {
  const found = await readProposal(id);
  if (!found) throw new HttpError(404, 'Proposal not found');
  assertReviewerOf(reviewer, found, 'send back');
  const p = await changeProposal(id, (cur) => {
    assertStatus(cur, ['pending'], 'sent back');
    assertNotBeingApproved(cur);
    return {
      ...cur,
      status: 'changes-requested',
      comments: [...cur.comments, comment(reviewer.username, 'changes-requested', text)],
    };
  });
  await noteProposalStep(p, 'changes-requested');
  return p;
}

/** A reviewer rejects it (with an optional comment): final, nothing changes. */
export async function rejectProposal(reviewer: Who, id: string, text: string) {
  const found = await readProposal(id);
  if (!found) throw new HttpError(404, 'Proposal not found');
  assertReviewerOf(reviewer, found, 'reject');
  const p = await changeProposal(id, (cur) => {
    assertStatus(cur, OPEN_STATUSES, 'rejected');
    assertNotBeingApproved(cur);
    return {
      ...cur,
      status: 'rejected',
      decidedBy: reviewer.username,
      decidedAt: now(),
      comments: [...cur.comments, comment(reviewer.username, 'rejected', text)],
    };
  });
  await noteProposalStep(p, 'rejected');
  return p;
}
