import UserPlus from 'lucide-react/icons/user-plus';
import { useId, type FormEvent } from 'react';
import { mutate } from '../../../../lib/api';
import Button from '../../../ui/Button';
import { cx, ui } from '../../../ui/styles';
import InviteLink, { toLink, type Link, type LinkAnswer } from './InviteLink';
import RoleOptions from './RoleOptions';
import type { UserChange } from './use-user-change';

/** 'Invite someone': username, role and an optional address; shows the link it makes. */
export default function InviteForm({
  change,
  busy,
  link,
  onLink,
}: {
  change: UserChange;
  busy: boolean;
  link: Link | null;
  onLink: (link: Link) => void;
}) {
  const id = useId();

  function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const username = String(fields.get('username') ?? '');
    void change(
      'Invitation',
      async () => {
        onLink(
          toLink(
            username,
            await mutate<LinkAnswer>('POST', '/api/admin/users', {
              username,
              role: fields.get('role'),
              email: fields.get('email') ?? '',
            }),
          ),
        );
        form.reset();
      },
      'Invitation created',
    );
  }

  return (
    <section aria-labelledby={`${id}-invite`} className={cx(ui.card, 'p-5')}>
      <h2 id={`${id}-invite`} className="text-base font-semibold">
        Invite someone
      </h2>
      <form onSubmit={invite} className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-username`} className={ui.label}>
            Username
          </label>
          <input
            id={`${id}-username`}
            name="username"
            required
            minLength={3}
            maxLength={64}
            className={cx(ui.input, 'mt-1')}
          />
        </div>
        <div>
          <label htmlFor={`${id}-role`} className={ui.label}>
            Role
          </label>
          <select
            id={`${id}-role`}
            name="role"
            defaultValue="editor"
            className={cx(ui.input, 'mt-1')}
          >
            <RoleOptions />
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-email`} className={ui.label}>
            Email (optional)
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            maxLength={254}
            aria-describedby={`${id}-email-help`}
            className={cx(ui.input, 'mt-1')}
          />
        </div>
        <p id={`${id}-email-help`} className={cx(ui.help, 'basis-full')}>
          With an address, the invitation is emailed there, and the address becomes theirs once they
          use it.
        </p>
        <Button type="submit" disabled={busy}>
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          Create invitation link
        </Button>
      </form>
      {link && <InviteLink link={link} />}
    </section>
  );
}
