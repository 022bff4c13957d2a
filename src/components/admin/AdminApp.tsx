import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { $adminPage } from '../../stores/admin-route';
import { $session } from '../../stores/session';
import Toaster from '../ui/Toaster';
import AdminShell from './AdminShell';
import { adminPage, mayOpen, menuFor } from './admin-pages';
import { showFlash } from './flash';
import NoPermission from './NoPermission';
import TwoFactorRequired from './TwoFactorRequired';
import Spinner from '../ui/Spinner';

/** Scroll delay after a route change. */
const ROUTE_SCROLL_MS = 100;

/** The admin app island: route guard (by the page's declared permission), shell and the current page (loaded on demand). */
export default function AdminApp({ page: initialPage }: { page: string }) {
  // Set before the first read, so the first render already shows the page this shell is for.
  useState(() => $adminPage.set(initialPage));
  // The page's code is fetched while the session is checked, not after it, and the spinner stays
  // until both are in: the page then renders without suspending (see preloadable). A failed fetch
  // shows where the page renders, as its lazy component fetches again.
  const [codeIn, setCodeIn] = useState(false);
  useEffect(() => {
    void adminPage(initialPage)
      .component.load()
      .catch(() => undefined)
      .finally(() => setCodeIn(true));
  }, [initialPage]);
  const session = useStore($session);
  const page = useStore($adminPage);
  const first = useRef(true);

  useEffect(() => showFlash(), []);

  const loggedOut = session.status === 'signed-out' && session.loggedOut === true;
  useEffect(() => {
    if (session.status !== 'signed-out') return;
    // A deep link survives sign-in: /admin/events signed out comes back to /admin/events. After
    // choosing to log out there is nothing to come back to.
    const { pathname, search } = window.location;
    const back = !loggedOut && !/^\/admin\/?$/.test(pathname);
    window.location.replace(
      back ? `/login?next=${encodeURIComponent(pathname + search)}` : '/login',
    );
  }, [session.status, loggedOut]);

  // On each route change (and once on first load) scroll to the top after 100 ms.
  useEffect(() => {
    const timer = setTimeout(() => {
      window.scrollTo({ top: 0 });
      if (!first.current) document.getElementById('admin-main')?.focus({ preventScroll: true });
      first.current = false;
    }, ROUTE_SCROLL_MS);
    return () => clearTimeout(timer);
  }, [page]);

  let body;
  if (session.status === 'loading' || session.status === 'signed-out' || !codeIn) {
    body = <Spinner label="Checking your session..." />;
  } else if (session.status === 'error') {
    body = (
      <p role="alert" className="p-8 text-center text-red-700">
        {session.message}
      </p>
    );
  } else {
    const { user } = session;
    // A contributor's home is their proposals: the dashboard's counts are for editors and admins.
    const declared = adminPage(
      page === 'index' && !mayOpen(user.role, adminPage('index')) ? 'proposals' : page,
    );
    const Page = declared.component;
    let content;
    if (user.mustSetUpTwoFactor && declared.page !== 'account') content = <TwoFactorRequired />;
    else if (!mayOpen(user.role, declared))
      content = <NoPermission username={user.username} role={user.role} label={declared.label} />;
    else
      content = (
        <Suspense fallback={<p className="p-8 text-center text-ink-muted">Loading...</p>}>
          <Page key={page} page={page} menu={menuFor(user.role)} />
        </Suspense>
      );
    body = (
      <AdminShell page={page} user={user}>
        {content}
      </AdminShell>
    );
  }

  return (
    <>
      {body}
      {/* Bottom right, clear of the header with its Logout button, stacked above the forms' action bars. */}
      <Toaster clearOfActionBar />
    </>
  );
}
