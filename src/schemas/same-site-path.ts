/**
 * The one "same-site path" check, for the browser (where to go after sign-in) and the server
 * (site links an admin enters). A value is judged the way a browser will resolve it, not by
 * its first characters: the URL parser drops tabs and newlines and reads `\` as `/`, so
 * `/\t/evil.example` and `/\evil.example` both lead to another host.
 */

// Any origin will do for checking a stored link: only "same origin as the base" matters.
const CHECK_ORIGIN = 'https://same-site.invalid';

/** The path (with query and hash) `value` leads to when it stays on `origin`'s site; else null. */
export function sameSitePath(value: string, origin: string = CHECK_ORIGIN): string | null {
  // Only site paths: an absolute address is never "same site" here, even to this host.
  if (!value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  // Resolving can still leave a path that names another host when used as a link: '/.//evil',
  // '/a/..//evil' and '/%2e//evil' all resolve to '//evil', which a browser reads as
  // protocol-relative. A path may not begin with a second slash, a backslash, or either encoded.
  if (/^\/(?:\/|\\|%2f|%5c)/i.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
