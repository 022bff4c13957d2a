/** One of the links a person's card or page shows as an icon beside their name. */
export interface PersonLink {
  icon: 'linkedin' | 'twitter' | 'mail';
  href: string;
  /** The link's accessible name: the icon alone says nothing to a screen reader. */
  label: string;
  /** The profiles on other sites open in a new tab, and their label says so; email does not. */
  newTab: boolean;
}

/**
 * The links a person has set, in the order they are shown: LinkedIn, X (Twitter), email. One list
 * for the React card (MemberCard, which a stale /team renders again in the browser) and the Astro
 * markup (PersonLinks.astro), so the icons, their order and their names are the same everywhere.
 */
export function personLinks(
  name: string,
  { linkedin, twitter, email }: { linkedin?: string; twitter?: string; email?: string },
): PersonLink[] {
  const links = [
    linkedin && {
      icon: 'linkedin',
      href: linkedin,
      label: `${name} on LinkedIn (opens in a new tab)`,
      newTab: true,
    },
    twitter && {
      icon: 'twitter',
      href: twitter,
      label: `${name} on X (Twitter) (opens in a new tab)`,
      newTab: true,
    },
    email && { icon: 'mail', href: `mailto:${email}`, label: `Email ${name}`, newTab: false },
  ] as const;
  return links.filter((l): l is PersonLink => !!l);
}
