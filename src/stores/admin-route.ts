import { atom } from 'nanostores';
import { confirmLeave } from './admin-unsaved';

/** The admin page on screen: 'index' (dashboard) or a page name such as 'events'. */
export const $adminPage = atom<string>('index');

/** The address of an admin page. */
export const adminPath = (page: string): string => (page === 'index' ? '/admin' : `/admin/${page}`);

/** The admin page named by an address ('index' for /admin). */
export function pageFromPath(pathname: string): string {
  const match = pathname.replace(/\/+$/, '').match(/^\/admin(?:\/([\w-]+))?$/);
  return match?.[1] ?? 'index';
}

/**
 * Client-side navigation between admin pages (each page also has its own pre-rendered shell,
 * so reloads and shared links work). Asks first when an editor holds unsaved changes.
 */
export function navigateAdmin(page: string): boolean {
  if (page === $adminPage.get()) return true;
  if (!confirmLeave()) return false;
  history.pushState({ adminPage: page }, '', adminPath(page));
  $adminPage.set(page);
  return true;
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    const page = pageFromPath(location.pathname);
    if (page === $adminPage.get()) return;
    // Back/forward cannot be cancelled: when the user keeps their edits, step back to where they were.
    if (!confirmLeave()) {
      history.pushState({ adminPage: $adminPage.get() }, '', adminPath($adminPage.get()));
      return;
    }
    $adminPage.set(page);
  });
}
