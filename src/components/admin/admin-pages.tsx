import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PageComponent = LazyExoticComponent<ComponentType<{ page: string }>>;

// Each page is its own chunk, fetched when first opened (spec §2: admin pages load on demand).
const collection = lazy(() => import('./collections/CollectionPage'));
const settings = lazy(() => import('./settings/SettingsPage'));

/** The component of each admin page, loaded on demand. */
export const PAGE_COMPONENTS: Record<string, PageComponent> = {
  index: lazy(() => import('./pages/Dashboard')),
  'research-areas': collection,
  'team-members': collection,
  publications: collection,
  stats: collection,
  events: collection,
  'site-settings': settings,
  'section-visibility': settings,
  'team-toggle': settings,
  'contact-info': settings,
  'video-settings': settings,
  subscriptions: lazy(() => import('./pages/Subscriptions')),
  'contact-forms': lazy(() => import('./pages/ContactForms')),
  testimonials: lazy(() => import('./pages/Testimonials')),
  history: lazy(() => import('./pages/HistoryPage')),
};
