import { atom } from 'nanostores';
import { $unsaved, confirmLeave } from './admin-unsaved';

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
export async function navigateAdmin(page: string): Promise<boolean> {
  if (page === $adminPage.get()) return true;
  if (!(await confirmLeave())) return false;
  history.pushState({ adminPage: page }, '', adminPath(page));
  $adminPage.set(page);
  return true;
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    const page = pageFromPath(location.pathname);
    const here = $adminPage.get();
    if (page === here) return;
    if ($unsaved.get().size === 0) return $adminPage.set(page);
    // Back/forward cannot be cancelled: the address goes back to where the user was while they
    // are asked, and on to the page they chose only if they agree to drop their changes.
    history.pushState({ adminPage: here }, '', adminPath(here));
    void navigateAdmin(page);
  });
}
