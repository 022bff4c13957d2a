/** The think tank's identity: the one place its name, tagline and outside links are kept. */
export const SITE = {
  name: 'Meridian Institute for AI Research',
  shortName: 'Meridian',
  tagline: 'Independent research that turns artificial intelligence into lasting public benefit.',
  description: 'Leading research and innovation in artificial intelligence',
  /** The newsletter's entry leads to the site's own signup until an admin sets an address. */
  newsletterUrl: '/#newsletter',
  locale: 'en_GB',
} as const;

/**
 * Main navigation, shared by the header and the footer: the built-in list, which the admin can
 * replace (site settings); the newsletter's entry takes its words and address from the settings.
 */
export const NAV_LINKS = [
  { label: 'About Us', href: '/#about' },
  { label: 'Our Team', href: '/team' },
  { label: 'Strategic Focus', href: '/#research' },
  { label: 'Research', href: '/#publications' },
  { label: 'Events', href: '/#events' },
  { label: 'AI Quick Bytes', href: SITE.newsletterUrl, external: true, newsletter: true },
  { label: 'Contact', href: '/#contact' },
] as const;
