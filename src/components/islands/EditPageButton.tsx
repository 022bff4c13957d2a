import { useStore } from '@nanostores/react';
import { ICONS } from '../layout/icons';
import { $session } from '../../stores/session';
import { can } from '../../schemas/roles';

/**
 * The team page's 'Edit Page' button (spec §6): shown only to a signed-in admin, fixed at the
 * top right, and deliberately without effect (the team page's texts are not editable).
 */
export default function EditPageButton() {
  const session = useStore($session);
  if (session.status !== 'signed-in' || !can(session.user.role, 'content')) return null;
  return (
    <button
      type="button"
      className="fixed right-4 top-20 z-40 inline-flex min-h-11 items-center gap-2 rounded-full bg-accent-400 px-5 text-sm font-semibold text-brand-950 shadow-lg ring-1 ring-black/5 transition hover:bg-accent-500 lg:top-24"
      data-edit-page
    >
      <svg className="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={ICONS.pencil} />
      </svg>
      Edit Page
    </button>
  );
}
