import { useId } from 'react';
import { mutate } from '../../../lib/api';
import type {
  NotificationChoices as Choices,
  NotificationKind,
} from '../../../schemas/notifications';
import LoadStatus from '../../ui/LoadStatus';
import { cx, ui } from '../../ui/styles';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import { useFetch } from '../use-fetch';

/**
 * My account: which notification emails this user gets (only the kinds their role handles). Each
 * box saves on its own; the server batches every kind to one email per 15 minutes.
 */
export default function NotificationChoices() {
  const { data, setData, error } = useFetch<Choices>('/api/account/notifications');
  const saving = useAction({ toast: 'Not saved', fallback: 'Please try again.' });
  const id = useId();

  async function toggle(kind: NotificationKind, on: boolean) {
    if (!data) return;
    const before = data;
    // Shown at once; put back if the server refuses, so the box never claims an unsaved choice.
    setData({ ...data, choices: data.choices.map((c) => (c.kind === kind ? { ...c, on } : c)) });
    await saving.run(
      async () => {
        setData(await mutate<Choices>('PUT', '/api/account/notifications', { [kind]: on }));
        notify({ title: on ? 'Notification turned on' : 'Notification turned off' });
      },
      { key: kind, onFailure: () => setData(before) },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className={cx(ui.card, 'p-5')}>
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Email notifications
      </h2>
      <LoadStatus loaded={!!data} error={error} />
      {data && (
        <>
          <p className="mt-1 text-sm text-ink-muted" data-testid="notification-address">
            {data.address
              ? `Sent to ${data.address}, at most one email per kind every 15 minutes, saying how many.`
              : 'Your account has no verified email address yet: add one to receive these. Your choices are kept meanwhile.'}
          </p>
          <fieldset className="mt-3 space-y-2">
            <legend className="sr-only">Email me about</legend>
            {data.choices.map((c) => (
              <label key={c.kind} className="flex items-center gap-2 text-sm text-ink">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300"
                  checked={c.on}
                  disabled={saving.pendingFor(c.kind)}
                  onChange={(e) => void toggle(c.kind, e.target.checked)}
                />
                {c.label}
              </label>
            ))}
          </fieldset>
        </>
      )}
    </section>
  );
}
