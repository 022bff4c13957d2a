/**
 * Whether this browser may have a session: the server sets a readable hint cookie beside the
 * session's own (SIGNED_IN_HINT_COOKIE in src/server/auth/session.ts). A module of its own, so a
 * page script that only asks this (the admin bar on every public page) loads nothing else.
 */
export const maySignedIn = () =>
  typeof document !== 'undefined' && /(?:^|;\s*)mi_signed_in=1(?:;|$)/.test(document.cookie);
