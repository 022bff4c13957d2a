import { randomUUID } from 'node:crypto';
import { HttpError } from '../../http/errors';
import { commitChange, newEntryId } from '../../publishing/history';
import { noteProposalStep } from '../proposal-mail';
import { changeProposal, readProposal } from '../proposal-store';
import { proposalSubject } from '../proposal-subjects';
import { apply, type Applied } from './apply';
import { assertReviewerOf, assertStatus, same, type Who } from './guards';
import { comment, labelOf, now } from './values';

/** How long an approval's claim holds off a second approval (longer than any approval takes). */
const CLAIM_MS = 60_000;

/**
 * Approves a pending proposal: claims it (a second approval at the same time is refused), applies
 * the change through the record's own update with the base version as the expected values (a
 * field changed since is a 409 carrying both versions, and nothing is written), records it in
 * History under the approver with the author named, and marks it approved.
 *
 * Exactly once: the History entry gets the id the first claim chose, kept until an approval ends
 * (or is refused: nothing changed), so approving again after one cut off writes it once. A
 * proposed new record gets the id its proposal decides (newRecordId): approving again finds it
 * made. A change cut off after it landed is found with every field at its proposed value and
 * finished, not refused as a conflict; a deletion cut off before its row went is finished too
 * (apply.ts). Either way the proposal ends approved, with one entry. (A direct save that set the
 * very same values meanwhile is taken for the approval's: the content is what was approved.)
 */
export async function approveProposal(reviewer: Who, id: string) {
  const found = await readProposal(id);
  if (!found) throw new HttpError(404, 'Proposal not found');
  assertReviewerOf(reviewer, found, 'approve');
  // A second click by the same reviewer goes on under the first click's claim and never lets go
  // of it: failing (the first click's change already live), it must not open the proposal to a
  // withdrawal while the first is still recording the approval.
  const token = randomUUID();
  // An approval before this one decided the entry's id and did not end: it may have been cut off
  // after its change landed.
  const resumed = found.historyId !== undefined;
  let own = false;
  const claimed = await changeProposal(id, (p) => {
    assertStatus(p, ['pending'], 'approved');
    const live = p.claim && p.claim.until > Date.now() ? p.claim : undefined;
    if (live && !same(live.by, reviewer.username))
      throw new HttpError(409, `${live.by} is approving this proposal right now`);
    own = !live;
    return {
      ...p,
      claim: live ?? { by: reviewer.username, until: Date.now() + CLAIM_MS, token },
      historyId: p.historyId ?? newEntryId(),
    };
  });
  const subject = proposalSubject(claimed.subject);
  let applied: Applied;
  try {
    applied = await apply(subject, claimed, resumed);
  } catch (error) {
    // Refused: nothing changed, and a later approval dates its entry afresh. A fault may have come
    // after the change landed: the entry's id stays, so approving again finishes it.
    const refused = error instanceof HttpError && error.status < 500;
    if (own)
      await changeProposal(id, ({ claim, historyId, ...p }) =>
        claim?.token !== token ? { ...p, claim, historyId } : refused ? p : { ...p, historyId },
      );
    throw error;
  }
  const entry = await commitChange(
    reviewer,
    {
      action: claimed.action,
      target: subject.target(applied.recordId),
      summary: `${labelOf(applied.after ?? applied.before, claimed.label)}${
        claimed.action === 'update' ? `: ${Object.keys(claimed.changes).join(', ')}` : ''
      } (proposed by ${claimed.author})`,
      ...(applied.before ? { before: applied.before } : {}),
      ...(applied.after ? { after: applied.after } : {}),
      proposedBy: claimed.author,
      proposal: claimed.id,
    },
    { id: claimed.historyId },
  );
  // A second approval by the same reviewer (a double click) that ran alongside finds it marked.
  let marked = false;
  const approved = await changeProposal(id, ({ claim: _c, ...p }) => {
    // Set on every pass: the etag-guarded loop may run this again on a fresher proposal.
    marked = p.status !== 'approved';
    if (!marked) return p;
    return {
      ...p,
      ...(applied.recordId ? { recordId: applied.recordId } : {}),
      status: 'approved',
      decidedBy: reviewer.username,
      decidedAt: now(),
      historyId: entry.id,
      comments: [...p.comments, comment(reviewer.username, 'approved')],
    };
  });
  if (marked) await noteProposalStep(approved, 'approved');
  return { proposal: approved, record: applied.after ?? null };
}
