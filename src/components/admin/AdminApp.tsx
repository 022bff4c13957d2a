import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { $adminPage } from '../../stores/admin-route';
import { $session } from '../../stores/session';
import Toaster from '../ui/Toaster';
import AdminShell from './AdminShell';
import { PAGE_COMPONENTS } from './admin-pages';
import { showFlash } from './flash';
import NoPermission from './NoPermission';
import Spinner from './ui/Spinner';

/** Scroll delay after a route change (spec §9). */
const ROUTE_SCROLL_MS = 100;

/** The admin app island: route guard, shell and the current page (loaded on demand). */
export default function AdminApp({ page: initialPage }: { page: string }) {
  // Set before the first read, so the first render already shows the page this shell is for.
  useState(() => $adminPage.set(initialPage));
  const session = useStore($session);
  const page = useStore($adminPage);
  const first = useRef(true);

  useEffect(() => showFlash(), []);

  useEffect(() => {
    if (session.status === 'signed-out') window.location.replace('/login');
  }, [session.status]);

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
  if (session.status === 'loading' || session.status === 'signed-out') {
    body = <Spinner label="Checking your session..." />;
  } else if (session.status === 'error') {
    body = (
      <p role="alert" className="p-8 text-center text-red-700">
        {session.message}
      </p>
    );
  } else if (!session.user.isAdmin) {
    body = <NoPermission username={session.user.username} />;
  } else {
    const Page = PAGE_COMPONENTS[page] ?? PAGE_COMPONENTS.index!;
    body = (
      <AdminShell page={page} username={session.user.username}>
        <Suspense fallback={<p className="p-8 text-center text-ink-muted">Loading...</p>}>
          <Page key={page} page={page} />
        </Suspense>
      </AdminShell>
    );
  }

  return (
    <>
      {body}
      {/* Bottom right, clear of the header with its Logout button. */}
      <Toaster />
    </>
  );
}
