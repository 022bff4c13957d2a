import { NAV_LINKS } from '../../site.config';
import type { SiteSettings } from '../../schemas/site-settings';

/** One navigation entry; `external` ones open in a new tab. */
export type NavLink = { label: string; href: string; external?: boolean };

/**
 * The main navigation for the current settings: the spec's seven entries, plus Testimonials
 * (before Contact) while the testimonials page is switched on, so nobody needs to guess its address.
 */
export function mainNavLinks(settings: Pick<SiteSettings, 'showTestimonials'>): NavLink[] {
  const links: NavLink[] = [...NAV_LINKS];
  if (settings.showTestimonials) links.splice(links.length - 1, 0, { label: 'Testimonials', href: '/testimonials' });
  return links;
}

/** The footer's links: the main navigation, then search, the privacy notice and the accessibility statement. */
export function footerLinks(settings: Pick<SiteSettings, 'showTestimonials'>): NavLink[] {
  return [...mainNavLinks(settings), { label: 'Search', href: '/search' }, { label: 'Privacy', href: '/privacy' }, { label: 'Accessibility', href: '/accessibility' }];
}
