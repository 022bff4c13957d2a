import { jwtVerify, SignJWT } from 'jose';
import type { CurrentUser, User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { siteSecret } from '../storage/site-secret';
import { findUser } from './users';

const ISSUER = 'meridian-site';
const AUDIENCE = 'meridian-admin';
/** Session length: a working day. */
export const SESSION_SECONDS = 8 * 60 * 60;
export const SESSION_COOKIE = 'mi_session';
/**
 * A readable, non-secret hint that this browser has a session, so public pages only ask
 * /api/auth/me when someone may be signed in (visitors make no call and see no 401).
 * It grants nothing: the HttpOnly session cookie is what the server checks.
 */
export const SIGNED_IN_HINT_COOKIE = 'mi_signed_in';

/**
 * The key sessions are signed with: SESSION_SECRET when the site's environment sets it, else one
 * the site generated for itself on first use and keeps in Blobs (storage/site-secret.ts), so a new
 * site signs people in without anything pasted by hand. A SESSION_SECRET that is set but short is
 * refused rather than padded or ignored: someone meant to choose it.
 */
export async function sessionSecret(): Promise<Uint8Array> {
  const value = process.env.SESSION_SECRET ?? '';
  if (!value) return new TextEncoder().encode(await siteSecret('session'));
  if (value.length < 32)
    throw new HttpError(
      503,
      'Sign-in is not configured on this server (SESSION_SECRET is shorter than 32 characters: remove it, or set a longer one)',
    );
  return new TextEncoder().encode(value);
}

/**
 * Issues a signed session token for a user, valid from `validFrom`: the moment the password it
 * rests on was known to be right (read before the check), not the moment the token is signed. A
 * password reset or change that lands between the two stamps every session after the check's
 * moment invalid, this one included, instead of letting a sign-in that raced it keep a session.
 */
export async function issueToken(user: User, validFrom: number): Promise<string> {
  return new SignJWT({ iatMs: validFrom, uid: user.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.username.toLowerCase())
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_SECONDS}s`)
    .sign(await sessionSecret());
}

function readCookie(req: Request, name: string): string | null {
  const header = req.headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

/** The signed-in user behind the request's session cookie, or null (bad, expired or revoked tokens included). */
export async function sessionUser(req: Request): Promise<User | null> {
  const token = readCookie(req, SESSION_COOKIE);
  if (!token) return null;
  const key = await sessionSecret();
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      maxTokenAge: `${SESSION_SECONDS}s`,
    });
    if (typeof payload.sub !== 'string' || typeof payload.iatMs !== 'number') return null;
    const user = await findUser(payload.sub);
    if (!user || !user.active || user.id !== payload.uid || payload.iatMs < user.sessionsValidAfter)
      return null;
    return user;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof Error && error.name === 'StorageError') throw error;
    return null;
  }
}

/** The current-user view, with the role and two-factor state. */
export const currentUserView = (user: User, mustSetUpTwoFactor = false): CurrentUser => ({
  id: user.id,
  username: user.username,
  isAdmin: user.role === 'admin',
  role: user.role,
  isAuthenticated: true,
  twoFactorEnabled: !!user.twoFactor,
  mustSetUpTwoFactor,
});

const isHttps = (req: Request) => new URL(req.url).protocol === 'https:';

/** Set-Cookie for a new session: HttpOnly, SameSite=Lax, Secure on https. */
export function sessionCookie(req: Request, token: string): string {
  return [
    `${SESSION_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${SESSION_SECONDS}`,
    ...(isHttps(req) ? ['Secure'] : []),
  ].join('; ');
}

/** Set-Cookie that removes the session. */
export function clearedSessionCookie(req: Request): string {
  return [
    `${SESSION_COOKIE}=`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    'Max-Age=0',
    ...(isHttps(req) ? ['Secure'] : []),
  ].join('; ');
}

/** Set-Cookie for the signed-in hint: set with the session (same lifetime), cleared with it. */
export function signedInHintCookie(req: Request, on: boolean): string {
  return [
    `${SIGNED_IN_HINT_COOKIE}=${on ? '1' : ''}`,
    'Path=/',
    'SameSite=Lax',
    `Max-Age=${on ? SESSION_SECONDS : 0}`,
    ...(isHttps(req) ? ['Secure'] : []),
  ].join('; ');
}
