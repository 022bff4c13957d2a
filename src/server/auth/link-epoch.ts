import type { User } from '../../schemas/user';

/*
 * Every emailed link of a user (forgot, reset, invitation, address verification) records the
 * user's link epoch when it was made. Whatever ends the person's access or moves their mailbox
 * (a new password, an admin reset, deactivation, a newly verified address) advances the epoch,
 * so every link still out stops working at once, whatever its kind. A counter, not a time: a
 * link made from a user read before a change carries the old epoch and is refused, never the
 * other way round, and clocks play no part.
 */

/** The user with every outstanding link ended. */
export const endLinks = (user: User): User => ({ ...user, linkEpoch: user.linkEpoch + 1 });

/** True while a link made for `link.userId` still works for the stored user: same account, active, no newer epoch. */
export const linkStillOpen = (
  link: { userId: string; linkEpoch: number },
  user: User | null,
): user is User =>
  !!user && user.active && user.id === link.userId && user.linkEpoch === link.linkEpoch;
