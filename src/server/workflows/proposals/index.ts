export { acceptedAsProposal, propose, type ProposedSave } from './propose';
export { listVisibleProposals, openProposalsFor, proposalWithDiff, visibleProposal } from './reads';
export { approveProposal } from './approve';
export { ConflictWithVersions, newRecordId } from './apply';
export { rejectProposal, requestChanges } from './review';
export { resubmitProposal, withdrawProposal } from './author-steps';

/*
 * Review before publish. A save by someone who must propose (review-policy.ts) stops before the
 * write and becomes a proposal here; a reviewer (an editor or admin, never its author) approves it,
 * and only then does it go through the record's own update and the one change pipeline
 * (commitChange), with History naming both. Until then nothing public changes and no build starts.
 *
 * This file is the proposals' public face, built on the store (proposal-store.ts), the subjects a
 * proposal may change (proposal-subjects.ts) and its mail (proposal-mail.ts) beside this folder:
 * propose.ts (a save kept aside as a proposal), reads.ts (what a user may see: one, a page, the
 * open ones on a subject, the diff), approve.ts (the claim, the change, History), apply.ts (the
 * change on its record, and the 409 of a stale one), review.ts (sent back, rejected),
 * author-steps.ts (withdrawn, resubmitted), guards.ts (who may take a step, and in which status)
 * and values.ts (labels, comments, comparing values).
 */
