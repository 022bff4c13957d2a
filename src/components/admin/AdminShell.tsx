import { useStore } from '@nanostores/react';
import ExternalLink from 'lucide-react/icons/external-link';
import KeyRound from 'lucide-react/icons/key-round';
import LogOut from 'lucide-react/icons/log-out';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { useState, type ReactNode } from 'react';
import { $announcement } from '../../stores/admin-announce';
import { SITE } from '../../site.config';
import AdminLink from './AdminLink';
import LeavePrompt from './LeavePrompt';
import type { CurrentUser } from '../../schemas/user';
import { ROLE_LABELS } from '../../schemas/roles';
import { menuFor } from './admin-pages';
import { logout } from './logout';
import PublishBadge from './PublishBadge';
import Button from '../ui/Button';
import { buttonClass, cx, ui } from '../ui/styles';

/** The admin frame: sidebar menu (what the user's role can use), header (user, publish state, account, view site, logout) and the page. */
export default function AdminShell({
  page,
  user,
  children,
}: {
  page: string;
  user: CurrentUser;
  children: ReactNode;
}) {
  // The small-screen menu is open on the page it was opened on: choosing a page closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === page;
  const announcement = useStore($announcement);

  return (
    <div className="min-h-screen lg:pl-64">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <nav
        id="admin-nav"
        aria-label="Admin"
        className={cx(
          'fixed inset-y-0 left-0 z-30 w-64 overflow-y-auto bg-brand-950 px-3 py-5 text-brand-100 lg:block',
          menuOpen ? 'block' : 'hidden',
        )}
      >
        <p className="px-3 pb-4 font-display text-lg font-semibold text-white">
          {SITE.shortName}{' '}
          <span className="font-sans text-sm font-normal text-brand-300">Admin</span>
        </p>
        <ul className="space-y-0.5">
          {menuFor(user.role).map(({ page: p, label, icon: Icon }) => (
            <li key={p}>
              <AdminLink
                page={p}
                current={p === page}
                className={cx(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm',
                  p === page
                    ? 'bg-brand-800 font-medium text-white'
                    : 'hover:bg-brand-900 hover:text-white',
                )}
              >
                <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                {label}
              </AdminLink>
            </li>
          ))}
        </ul>
      </nav>
      <header className="sticky top-0 z-20 flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:px-6">
        <button
          type="button"
          className={cx(ui.icon, 'lg:hidden')}
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpenOn(menuOpen ? null : page)}
        >
          {menuOpen ? (
            <X aria-hidden="true" className="h-5 w-5" />
          ) : (
            <Menu aria-hidden="true" className="h-5 w-5" />
          )}
        </button>
        <PublishBadge />
        <div className="ml-auto flex items-center gap-2 text-sm">
          <span className="hidden text-ink-muted sm:inline">
            Signed in as{' '}
            <strong className="text-ink" data-testid="admin-username">
              {user.username}
            </strong>{' '}
            ({ROLE_LABELS[user.role]})
          </span>
          <AdminLink
            page="account"
            current={page === 'account'}
            className={buttonClass({ variant: 'ghost' })}
          >
            <KeyRound aria-hidden="true" className="h-4 w-4" />
            My account
          </AdminLink>
          <a href="/" className={buttonClass({ variant: 'ghost' })}>
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            View site
          </a>
          <Button variant="secondary" onClick={() => void logout()}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Logout
          </Button>
        </div>
      </header>
      <main
        id="admin-main"
        tabIndex={-1}
        className="mx-auto max-w-6xl px-4 py-6 outline-none sm:px-6 lg:py-8"
      >
        {children}
      </main>
      <LeavePrompt />
      <div aria-live="polite" role="status" className="sr-only" data-testid="admin-announcer">
        {/* The timestamp key re-renders a repeated message so it is announced again. */}
        <span key={announcement.at}>{announcement.text}</span>
      </div>
    </div>
  );
}
