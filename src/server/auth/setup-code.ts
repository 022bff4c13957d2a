import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { getDeployStore } from '@netlify/blobs';
import { HttpError } from '../http/errors';
import { anyUserExists } from './users';

/*
 * The codes that open /setup. The setup code makes the first admin: SETUP_CODE when the site's
 * environment sets it, else one the build makes while no user exists. A build may write only its
 * own deploy's store (never the site's), so it keeps the code's SHA-256 there and prints the code
 * in the deploy log, which only the site's Netlify team can read: the people who could set
 * SETUP_CODE anyway. Each deploy before the first admin prints a new code; the live deploy's
 * works. The recovery code (RECOVERY_CODE) is set by hand only: it works while users exist.
 */

const STORE = 'setup';
const KEY = 'code-sha256';
/** Codes chosen by hand must be at least this long (after dashes and spaces are dropped). */
export const MIN_CODE_LENGTH = 16;
// No 0/O, 1/I/L: the code is read from a log and typed.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Dashes, spaces and case do not matter: a code read aloud or copied with its grouping still works. */
const normalize = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const digest = (code: string) => createHash('sha256').update(normalize(code)).digest();

/** A new code: 20 characters from 31 (about 99 bits), grouped by five for reading. */
export function newSetupCode(): string {
  const chars = Array.from({ length: 20 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return chars.join('').replace(/(.{5})(?!$)/g, '$1-');
}

/** Compares digests, so the time taken says nothing about how much of a guess was right. */
const sameCode = (given: string, expected: Buffer) => timingSafeEqual(digest(given), expected);

function envCode(name: 'SETUP_CODE' | 'RECOVERY_CODE'): Buffer | null {
  const value = process.env[name]?.trim();
  if (!value) return null;
  if (normalize(value).length < MIN_CODE_LENGTH)
    throw new HttpError(
      503,
      `${name} is shorter than ${MIN_CODE_LENGTH} characters, so it is not used: set a longer one in the site's environment variables`,
    );
  return digest(value);
}

/** The digest the build of the live deploy kept, or null (no build yet, or an admin existed then). */
async function builtCodeDigest(): Promise<Buffer | null> {
  try {
    const hex = await getDeployStore(STORE).get(KEY, { type: 'text' });
    return hex ? Buffer.from(hex, 'hex') : null;
  } catch (error) {
    // Outside a deploy (no deploy id in the Blobs context) there is no built code; said in the
    // function log, since the answer (503, no code) would otherwise hide a store that failed.
    console.error(`No setup code could be read from this deploy's store: ${String(error)}`);
    return null;
  }
}

/** Whether `given` is the setup code; 503 when the site has none to compare with. */
export async function setupCodeMatches(given: string): Promise<boolean> {
  const expected = envCode('SETUP_CODE') ?? (await builtCodeDigest());
  if (!expected)
    throw new HttpError(
      503,
      'This site has no setup code yet: it appears in the log of the next deploy (Netlify: Deploys → the latest deploy), or set SETUP_CODE in the site’s environment variables',
    );
  return sameCode(given, expected);
}

/** Whether recovery is on (RECOVERY_CODE is set). */
export const recoveryOpen = () => !!process.env.RECOVERY_CODE?.trim();

/** Whether `given` is the recovery code; 404 when recovery is off. */
export function recoveryCodeMatches(given: string): boolean {
  const expected = envCode('RECOVERY_CODE');
  if (!expected) throw new HttpError(404, 'Recovery is not turned on for this site');
  return sameCode(given, expected);
}

/**
 * At build time: while no user exists and SETUP_CODE is not set, makes this deploy's setup code,
 * keeps its digest in the deploy's store and answers the code (for the deploy log). Null when
 * there is nothing to print.
 */
export async function prepareSetupCode(): Promise<string | null> {
  if (process.env.SETUP_CODE?.trim() || (await anyUserExists())) return null;
  const code = newSetupCode();
  await getDeployStore(STORE).set(KEY, digest(code).toString('hex'));
  return code;
}
