import type { Proposal, ProposalStatus } from '../../../schemas/proposal';
import { can } from '../../../schemas/roles';
import type { User } from '../../../schemas/user';
import { HttpError } from '../../http/errors';

/** Who takes a step on a proposal: its author, or a reviewer. */
export type Who = Pick<User, 'username' | 'role'>;

export const isReviewer = (user: Who) => can(user.role, 'content');
export const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function assertReviewerOf(user: Who, p: Proposal, doing: string): void {
  if (!isReviewer(user)) throw new HttpError(403, `Only editors and admins can ${doing}`);
  if (same(p.author, user.username))
    throw new HttpError(
      403,
      `You cannot ${doing} your own proposal: another editor or admin reviews it`,
    );
}

export function assertStatus(p: Proposal, allowed: readonly ProposalStatus[], doing: string): void {
  if (!allowed.includes(p.status))
    throw new HttpError(
      409,
      `This proposal is ${p.status.replace('-', ' ')}: it cannot be ${doing}`,
    );
}

export function assertAuthor(user: Who, p: Proposal, doing: string): void {
  if (!same(p.author, user.username))
    throw new HttpError(403, `Only the author of a proposal can ${doing} it`);
}

/**
 * Refuses a step while an approval holds its claim: that approval applies the proposal as it
 * claimed it and then marks it approved, so a step landing meanwhile would be overwritten by
 * the approval, or leave the proposal saying something other than what went live.
 */
export function assertNotBeingApproved(p: Proposal): void {
  if (p.claim && p.claim.until > Date.now())
    throw new HttpError(409, `${p.claim.by} is approving this proposal right now`);
}
