import { reviewPolicySchema, type ReviewPolicy } from '../../schemas/proposal';
import type { User } from '../../schemas/user';
import { commitChange } from '../publishing/history';
import { openStore, singleDocument, STORES } from '../storage/store';

/**
 * The two-person rule ("Changes need a second person's approval"), off until an admin turns it
 * on: then editors' saves become proposals too. Admins' own saves never do, so a site always has
 * someone who can act alone. Contributors' saves always do.
 */
const policy = singleDocument(
  () => openStore(STORES.system),
  'review-policy',
  reviewPolicySchema,
  (): ReviewPolicy => ({ changesNeedApproval: false }),
);

export const getReviewPolicy = (): Promise<ReviewPolicy> => policy.read();

/** An admin sets the rule; recorded in History (nothing on the built pages changes). */
export async function setReviewPolicy(
  admin: Pick<User, 'username'>,
  next: ReviewPolicy,
): Promise<ReviewPolicy> {
  const saved = await policy.update(() => next);
  await commitChange(
    admin,
    {
      action: 'update',
      target: 'review-policy',
      summary: next.changesNeedApproval
        ? "Changes need a second person's approval"
        : "Changes no longer need a second person's approval",
    },
    { rebuild: false },
  );
  return saved;
}

/** Whether this user's saves become proposals instead of changing the site. */
export async function mustPropose(user: Pick<User, 'role'>): Promise<boolean> {
  if (user.role === 'contributor') return true;
  if (user.role === 'admin') return false;
  return (await getReviewPolicy()).changesNeedApproval;
}
