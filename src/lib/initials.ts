/**
 * Initials for a testimonial avatar (spec §2): first letters of the first two words,
 * uppercased, at most two. Kept free of zod so islands can import it cheaply.
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
