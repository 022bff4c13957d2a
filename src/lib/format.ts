/** Small display-formatting helpers shared by the home sections. */

/** Publication descriptions longer than this are cut, with a per-card 'Read more'. */
export const PUBLICATION_CUTOFF = 120;

/** A text cut to `max` characters with '...', and whether it was cut at all. */
export function cutText(text: string, max = PUBLICATION_CUTOFF): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  return { text: `${text.slice(0, max).trimEnd()}...`, cut: true };
}

/**
 * Up to two initials for a team member's placeholder portrait: title dropped, first and last
 * name ('Dr. Amara Okafor' gives 'AO'). Testimonial avatars follow the spec's own rule instead
 * (first two words): that is `initials` below.
 */
export function memberInitials(name: string): string {
  const words = name
    .replace(/^(dr|prof|mr|mrs|ms)\.?\s+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .slice(0, 2);
}

/** A tel: address from a displayed phone number: digits and +, without the UK-style '(0)'. */
export const telHref = (phone: string): string =>
  `tel:${phone.replace(/\(0\)/g, '').replace(/[^\d+]/g, '')}`;

/**
 * Initials for a testimonial avatar: first letters of the first two words,
 * uppercased, at most two.
 */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0))
    .join('')
    .toUpperCase()
    .slice(0, 2);
}

/** A file's size as readers read it: '812 bytes', '12.3 KB', '4.5 MB' (1 KB = 1,024 bytes). */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
