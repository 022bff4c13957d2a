import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ICONS } from '../ui/icons';
import type { PublishState } from '../../schemas/publish-state';
import { $editMode } from '../../stores/edit-mode';
import { $publish } from '../../stores/publish';
import { $session } from '../../stores/session';
import { can } from '../../schemas/roles';

type Phase = PublishState['state'];
const PENDING: Phase[] = ['queued', 'building'];

const notice = 'max-w-xs rounded-xl px-4 py-3 text-sm shadow-lg ring-1';

/**
 * A signed-in admin's way into editing a public page: a fixed button at the top right ('Edit Page'
 * on /team, as the spec names it) that turns on in-place editing (?edit=true), or opens the record
 * in the admin ('Edit in admin' on publication, event and person pages), and below it a note
 * when their last change is not live yet (or failed, or has just gone live). Visitors see nothing.
 */
export default function EditPageButton({
  label = 'Edit Page',
  href = '?edit=true',
}: {
  label?: string;
  href?: string;
}) {
  const session = useStore($session);
  const editing = useStore($editMode);
  // Contributors, editors and admins all edit texts (a contributor's save goes to review).
  const mayEdit = session.status === 'signed-in' && can(session.user.role, 'edit');
  // In edit mode the editor shows its own publish pill.
  if (!mayEdit || editing) return null;
  return (
    <div
      className="fixed top-20 right-4 z-40 flex flex-col items-end gap-2 font-sans lg:top-24"
      data-admin-page-bar
    >
      <a
        href={href}
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-accent-400 px-5 text-sm font-semibold text-brand-950 shadow-lg ring-1 ring-black/5 transition hover:bg-accent-500"
        data-edit-page
      >
        <svg
          className="size-4"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d={ICONS.pencil} />
        </svg>
        {label}
      </a>
      <PublishNotice />
    </div>
  );
}

/**
 * A note on the publish state (the shared store and its one poller: rendered for admins only,
 * so visitors make no publish calls). `cameLive` says the admin watched their change go live
 * here, so the page they see is the old one.
 */
function PublishNotice() {
  const info = useStore($publish);
  const phase = info?.state ?? null;
  // What was seen before: a pending build that turns live means this page is out of date.
  const [seen, setSeen] = useState<{ phase: Phase | null; cameLive: boolean }>({
    phase: null,
    cameLive: false,
  });
  if (phase !== seen.phase)
    setSeen({
      phase,
      cameLive:
        phase === 'live' &&
        (seen.cameLive || (seen.phase !== null && PENDING.includes(seen.phase))),
    });
  const error = info?.lastError ?? '';
  return (
    <div role="status" aria-live="polite">
      {phase && PENDING.includes(phase) && (
        <p
          className={`${notice} bg-amber-50 text-amber-950 ring-amber-300`}
          data-publish-notice="pending"
        >
          Your last change isn’t live yet: the site is being rebuilt. This page shows the previous
          version.
        </p>
      )}
      {phase === 'failed' && (
        <p className={`${notice} bg-red-50 text-red-900 ring-red-300`} data-publish-notice="failed">
          Your last change isn’t live: publishing failed{error ? ` (${error})` : ''}.{' '}
          <a className="font-semibold underline underline-offset-2" href="/admin">
            Open the dashboard
          </a>
        </p>
      )}
      {seen.cameLive && (
        <p
          className={`${notice} bg-emerald-50 text-emerald-950 ring-emerald-300`}
          data-publish-notice="live"
        >
          Your change is live.{' '}
          <button
            type="button"
            className="font-semibold underline underline-offset-2"
            onClick={() => location.reload()}
          >
            Reload to see it
          </button>
        </p>
      )}
    </div>
  );
}
