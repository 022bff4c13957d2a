import * as z from 'zod/mini';

// Control characters (other than tab and newlines) and unpaired surrogates have no place in
// content: they break rendering, CSV exports and JSON consumers.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The one text rule: no control characters (tab and newlines allowed), no unpaired surrogates. */
export const isCleanText = (v: string) => !CONTROL.test(v) && v.isWellFormed();
export const CLEAN_MESSAGE = 'Contains characters that are not allowed';

/**
 * The text rule for schemas written with zod/mini (those the public islands import: they ship
 * a few KB of zod instead of 24). `error` is the message for a missing or non-string value.
 * common.ts's cleanString is the same rule for the server's full-zod schemas.
 */
export const cleanText = (error?: string) =>
  z.string(error ? { error } : undefined).check(z.refine(isCleanText, CLEAN_MESSAGE));

/** A trimmed e-mail address of at most 254 characters; every problem reads `message`. */
export const emailAddress = (message: string) =>
  z.pipe(cleanText(message).check(z.trim(), z.maxLength(254, message)), z.email(message));
