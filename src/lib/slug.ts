/**
 * Stable URL slugs for publications, events, people and research areas (/publications/<slug>,
 * /events/<slug>, /team/<slug>, /research/<slug>).
 *
 * A slug is stored with its record. It follows the title (a person's name): when a rename makes the stored slug no
 * longer fit the title, the record gets a new slug and the old one moves to `previousSlugs`,
 * which the build turns into redirects, so links already shared keep working. Records stored
 * before slugs existed get theirs when read (the same rule, so every build agrees).
 */

/**
 * 'Policy Brief: AI & Jobs' → 'policy-brief-ai-jobs' (accents dropped, at most 80 characters).
 * Lower-casing comes before the marks are dropped, as it can add one ('İ' becomes 'i' and a
 * combining dot); the cut counts characters, so it never splits one written as two UTF-16 units.
 */
export function slugify(text: string): string {
  const known = recentSlugs.get(text);
  if (known !== undefined) return known;
  if (recentSlugs.size >= RECENT_SLUGS_MAX) recentSlugs.clear();
  const slug = slugOf(text);
  recentSlugs.set(text, slug);
  return slug;
}

/**
 * Slugs of the titles seen lately. Every save re-derives the slugs of its whole collection
 * (assignSlugs checks that each stored slug still fits its title), and the Unicode normalising
 * costs about 25 µs a title: 25 ms a save at a thousand records, for the same answers as last time.
 */
const recentSlugs = new Map<string, string>();
const RECENT_SLUGS_MAX = 5_000;

function slugOf(text: string): string {
  const words = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return Array.from(words).slice(0, 80).join('').replace(/-+$/, '');
}

/** Words the routes beside /<section>/<slug> use: archive pages (/publications/2), filters, feeds. */
const RESERVED = new Set(['type', 'topic', 'year', 'feed', 'page', 'all']);
const isReserved = (slug: string) => RESERVED.has(slug) || /^\d+$/.test(slug);

export interface Sluggable {
  id: string;
  slug?: string;
  previousSlugs?: string[];
}

/** Whether `slug` was made from `title` (itself, or with a -2, -3… suffix added to keep it unique). */
function fitsTitle(slug: string, title: string): boolean {
  const base = slugify(title);
  return (
    slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)))
  );
}

/**
 * Gives every item a unique slug that fits its title, keeping the slugs that still fit. A slug
 * that no longer fits (the title changed) moves to `previousSlugs`; no slug ever in use, current
 * or previous, is given to another item. Pure: items come back in the same order.
 */
export function assignSlugs<T extends Sluggable>(
  items: readonly T[],
  titleOf: (item: T) => string = (item) => (item as T & { title: string }).title,
): (T & { slug: string; previousSlugs: string[] })[] {
  // Each slug ever used, with the id of the record it belongs to: a record may take back its own.
  const owner = new Map<string, string>();
  const keep = items.map(
    (item) => !!item.slug && fitsTitle(item.slug, titleOf(item)) && !isReserved(item.slug),
  );
  items.forEach((item, n) => {
    for (const old of item.previousSlugs ?? []) owner.set(old, item.id);
    if (keep[n]) owner.set(item.slug!, item.id);
  });
  const taken = (slug: string, id: string) => (owner.get(slug) ?? id) !== id;
  return items.map((item, n) => {
    const previousSlugs = [...(item.previousSlugs ?? [])];
    if (keep[n]) return { ...item, slug: item.slug!, previousSlugs };
    const base = slugify(titleOf(item)) || `item-${item.id.slice(0, 8)}`;
    let slug = base;
    for (let i = 2; taken(slug, item.id) || isReserved(slug); i++) slug = `${base}-${i}`;
    owner.set(slug, item.id);
    if (item.slug && !previousSlugs.includes(item.slug)) previousSlugs.push(item.slug);
    // Returning to an earlier title takes its slug back: it no longer needs a redirect.
    return { ...item, slug, previousSlugs: previousSlugs.filter((s) => s !== slug) };
  });
}

/**
 * Netlify `_redirects` rules (one per line: from, to, status) sending each previous slug of an
 * item, and its companion files (`extensions`, e.g. '.ris'), to the current address for good.
 */
export function redirectRules(
  base: string,
  items: readonly { slug: string; previousSlugs: string[] }[],
  extensions: readonly string[] = [],
): string[] {
  return items.flatMap((item) =>
    item.previousSlugs.flatMap((old) =>
      ['', ...extensions].flatMap((ext) => {
        // Browsers ask for a non-ASCII path percent-encoded, and a rule matches the path as it is
        // asked for: the encoded form is written too (first), so an old Arabic or Japanese
        // address redirects instead of answering 404; the target is encoded so the Location is ASCII.
        const from = `${base}/${old}${ext}`;
        const to = encodeURI(`${base}/${item.slug}${ext}`);
        const encoded = encodeURI(from);
        return encoded === from
          ? [`${from} ${to} 301`]
          : [`${encoded} ${to} 301`, `${from} ${to} 301`];
      }),
    ),
  );
}

/**
 * The slugs an item may take, best first: its stored one while it fits the title, then the
 * title's own, then with -2, -3… (reserved words skipped). Endless: the caller stops at the first
 * one free.
 */
export function* slugChoices<T extends Sluggable>(
  item: T,
  titleOf: (item: T) => string = (item) => (item as T & { title: string }).title,
): Generator<string> {
  const title = titleOf(item);
  if (item.slug && fitsTitle(item.slug, title) && !isReserved(item.slug)) yield item.slug;
  const base = slugify(title) || `item-${item.id.slice(0, 8)}`;
  for (let i = 1; ; i++) {
    const slug = i === 1 ? base : `${base}-${i}`;
    if (!isReserved(slug)) yield slug;
  }
}

/** The item with `slug` as its slug: the one it leaves joins `previousSlugs` (for its redirect). */
export function withSlug<T extends Sluggable>(
  item: T,
  slug: string,
): T & { slug: string; previousSlugs: string[] } {
  const previousSlugs = [...(item.previousSlugs ?? [])];
  if (item.slug && item.slug !== slug && !previousSlugs.includes(item.slug))
    previousSlugs.push(item.slug);
  // Returning to an earlier title takes its slug back: it no longer needs a redirect.
  return { ...item, slug, previousSlugs: previousSlugs.filter((s) => s !== slug) };
}

/**
 * assignSlugs for one item saved among others whose stored slugs stand as they are (each got
 * its slug when it was saved): only this item's title is slugified.
 */
export function assignSlug<T extends Sluggable>(
  item: T,
  others: readonly Sluggable[],
  titleOf: (item: T) => string = (item) => (item as T & { title: string }).title,
): T & { slug: string; previousSlugs: string[] } {
  const owner = new Set<string>();
  for (const other of others) {
    if (other.id === item.id) continue;
    for (const old of other.previousSlugs ?? []) owner.add(old);
    if (other.slug) owner.add(other.slug);
  }
  for (const slug of slugChoices(item, titleOf)) if (!owner.has(slug)) return withSlug(item, slug);
  throw new Error('unreachable: slug choices never end');
}
