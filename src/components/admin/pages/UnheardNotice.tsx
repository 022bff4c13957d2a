import type { AdminSummary } from '../../../schemas/admin-summary';
import AdminLink from '../AdminLink';
import { cx, ui } from '../../ui/styles';

/** Joins topics as a sentence does: "a", "a and b", "a, b and c". */
const joined = (items: string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * The dashboard's warning that some notifications reach nobody (no confirmed address wants them),
 * beside "You are the only admin": a new site's only admin who never confirmed an address would
 * otherwise miss every contact message without a word.
 */
export default function UnheardNotice({
  unheard,
}: {
  unheard: AdminSummary['unheardNotifications'];
}) {
  if (unheard.length === 0) return null;
  const contact = unheard.some((u) => u.kind === 'contact');
  return (
    <p
      className={cx(ui.card, 'border-accent-400 bg-amber-50/60 p-4 text-sm text-ink')}
      data-testid="unheard-warning"
    >
      <strong>Nobody is told about {joined(unheard.map((u) => u.topic))}:</strong> add your email on
      My account and confirm it by the link we send, or turn these notifications on there.{' '}
      <AdminLink page="account" className="font-medium text-brand-700 underline">
        Open My account
      </AdminLink>
      {contact && (
        <>
          {' '}
          · Contact messages can also go to a{' '}
          <AdminLink page="email" className="font-medium text-brand-700 underline">
            shared inbox
          </AdminLink>
          .
        </>
      )}
    </p>
  );
}
