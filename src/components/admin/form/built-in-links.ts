import type { NavLinkSetting } from '../../../schemas/site-settings';
import { BUILT_IN_FOOTER_LINKS, builtInNavLinks } from '../../layout/nav-links';

/**
 * The built-in navigation a links field shows while the site follows it, with the newsletter
 * link's words and address as the form holds them now. Testimonials is listed: the site drops a
 * link to that page while the page is switched off.
 */
export function builtInLinks(
  kind: 'nav' | 'footer',
  values: Record<string, unknown>,
): NavLinkSetting[] {
  const text = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : '');
  const links =
    kind === 'footer'
      ? BUILT_IN_FOOTER_LINKS
      : builtInNavLinks({
          showTestimonials: true,
          newsletterLinkText: text('newsletterLinkText'),
          newsletterLinkUrl: text('newsletterLinkUrl'),
        });
  return links.map((l) => ({ label: l.label, href: l.href, newTab: !!l.external }));
}
