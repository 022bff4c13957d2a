import { useId } from 'react';
import { mutate } from '../../../../lib/api';
import type { AuthPolicy } from '../../../../schemas/account';
import { cx, ui } from '../../../ui/styles';
import type { UserChange } from './use-user-change';

/** The team's sign-in rules: whether every admin must use two-factor sign-in. */
export default function SignInRules({
  policy,
  change,
  busy,
}: {
  policy: AuthPolicy;
  change: UserChange;
  busy: boolean;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-policy`} className={cx(ui.card, 'p-5')}>
      <h2 id={`${id}-policy`} className="text-base font-semibold">
        Sign-in rules
      </h2>
      <label className="mt-3 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={policy.requireTwoFactorForAdmins}
          disabled={busy}
          onChange={(e) =>
            void change(
              'Sign-in rules',
              () =>
                mutate('PUT', '/api/admin/auth-policy', {
                  requireTwoFactorForAdmins: e.target.checked,
                }),
              'Sign-in rules saved',
            )
          }
        />
        Require two-factor sign-in for every admin
      </label>
      <p className={ui.help}>Admins without it can only open My account until they set it up.</p>
    </section>
  );
}
