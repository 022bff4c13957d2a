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
