import { useId, useState, type FormEvent } from 'react';
import { mutate } from '../../../lib/api';
import Button from '../../ui/Button';
import LoadStatus from '../../ui/LoadStatus';
import { cx, ui } from '../../ui/styles';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import { useFetch } from '../use-fetch';

/** The address form, starting from the saved address. */
function SharedInboxForm({
  saved,
  onSaved,
}: {
  saved: string;
  onSaved: (address: string) => void;
}) {
  const [value, setValue] = useState(saved);
  const saving = useAction({ fallback: 'Not saved. Please try again.' });
  const fieldError = saving.error;
  const id = useId();

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void saving.run(async () => {
      const { sharedInbox } = await mutate<{ sharedInbox: string }>(
        'PUT',
        '/api/admin/notifications',
        { sharedInbox: value },
      );
      onSaved(sharedInbox);
      notify({ title: sharedInbox ? 'Shared inbox saved' : 'Shared inbox removed' });
    });
  }

  return (
    <form onSubmit={save} className="mt-3 flex max-w-lg flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <label htmlFor={`${id}-address`} className={ui.label}>
          Address (leave empty for none)
        </label>
        <input
          id={`${id}-address`}
          type="email"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={!!fieldError}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          className={cx(ui.input, 'mt-1')}
        />
      </div>
      <Button type="submit" disabled={saving.pending}>
        Save
      </Button>
      {fieldError && (
        <p id={`${id}-error`} role="alert" className={cx(ui.error, 'w-full')}>
          {fieldError}
        </p>
      )}
    </form>
  );
}

/** Admin → Email: a shared inbox that also gets the contact message notifications (press@, info@…). */
export default function SharedInbox() {
  const { data, setData, error } = useFetch<{ sharedInbox: string }>('/api/admin/notifications');
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className={cx(ui.card, 'p-5')}>
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Shared inbox for contact messages
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Also notified of new contact messages, at most once every 15 minutes; when one message came
        in, replying reaches its sender. Each team member chooses their own notifications on My
        account.
      </p>
      <LoadStatus loaded={!!data} error={error} />
      {data && (
        <SharedInboxForm
          saved={data.sharedInbox}
          onSaved={(sharedInbox) => setData({ sharedInbox })}
        />
      )}
    </section>
  );
}
