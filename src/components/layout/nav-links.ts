import { NAV_LINKS } from '../../site.config';
import { settingText, type NavLinkSetting, type SiteSettings } from '../../schemas/site-settings';

/** One navigation entry; `external` ones open in a new tab. */
export type NavLink = { label: string; href: string; external?: boolean };

type NavSettings = Pick<SiteSettings, 'showTestimonials'> &
  Partial<
    Pick<SiteSettings, 'navLinks' | 'footerLinks' | 'newsletterLinkText' | 'newsletterLinkUrl'>
  >;

const fromSetting = (l: NavLinkSetting): NavLink => ({
  label: l.label,
  href: l.href,
  ...(l.newTab ? { external: true } : {}),
});
/** A link to the testimonials page leads nowhere while that page is off (it redirects home). */
const reachable = (settings: NavSettings) => (l: NavLink) =>
  settings.showTestimonials || l.href.replace(/\/$/, '') !== '/testimonials';

/**
 * The spec's seven entries (the newsletter's one worded and addressed by its settings), plus
 * Testimonials before Contact while the testimonials page is on, so nobody needs to guess its address.
 */
export function builtInNavLinks(settings: NavSettings): NavLink[] {
  const links: NavLink[] = NAV_LINKS.map((l) =>
    'newsletter' in l
      ? {
          label: settingText(settings, 'newsletterLinkText'),
          href: settingText(settings, 'newsletterLinkUrl'),
          // An outside newsletter opens in a new tab; the site's own signup is a part of this page.
          ...(/^https?:/i.test(settingText(settings, 'newsletterLinkUrl'))
            ? { external: true }
            : {}),
        }
      : { label: l.label, href: l.href },
  );
  if (settings.showTestimonials)
    links.splice(links.length - 1, 0, { label: 'Testimonials', href: '/testimonials' });
  return links;
}

/** The footer's own links after the navigation: search, the privacy notice and the accessibility statement. */
export const BUILT_IN_FOOTER_LINKS: readonly NavLink[] = [
  { label: 'Search', href: '/search' },
  { label: 'Privacy', href: '/privacy' },
  { label: 'Accessibility', href: '/accessibility' },
];

/** The main navigation for the current settings: the admin's list when set, else the built-in one. */
export function mainNavLinks(settings: NavSettings): NavLink[] {
  return settings.navLinks
    ? settings.navLinks.map(fromSetting).filter(reachable(settings))
    : builtInNavLinks(settings);
}

/** The footer's links: the main navigation, then the footer's own (the admin's list when set). */
export function footerLinks(settings: NavSettings): NavLink[] {
  const own = settings.footerLinks
    ? settings.footerLinks.map(fromSetting).filter(reachable(settings))
    : [...BUILT_IN_FOOTER_LINKS];
  return [...mainNavLinks(settings), ...own];
}
