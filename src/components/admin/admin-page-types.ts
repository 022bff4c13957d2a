import type { LucideIcon } from 'lucide-react/types';
import type { Permission } from '../../schemas/roles';
import type { Preloadable } from '../ui/preloadable';

// The page table's types live apart from the table itself: every page component needs
// PageProps, and importing it from admin-pages.tsx (which lazily imports those pages) made a circle.

/** What every page component gets: its route name and the menu of the signed-in user's role. */
export interface PageProps {
  page: string;
  menu: readonly MenuEntry[];
}
export type MenuEntry = Pick<AdminPage, 'page' | 'label' | 'icon' | 'blurb'>;

/**
 * One admin page, declared once: its route (the URL segment; 'index' is /admin), menu label,
 * icon, dashboard blurb, component (loaded on demand) and the permission it needs (null: any
 * signed-in user). The page shells, the menu, the dashboard and the route guard all read this.
 */
export interface AdminPage {
  page: string;
  label: string;
  icon: LucideIcon;
  blurb: string;
  /** Loaded on demand; the admin shell fetches the opened page's code beside its session check. */
  component: Preloadable<PageProps>;
  permission: Permission | null;
  /** Listed in the menu and on the dashboard (My account sits in the header instead). */
  inMenu: boolean;
}
