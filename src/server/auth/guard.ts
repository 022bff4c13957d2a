import { can, CONTRIBUTOR_REFUSALS, type Permission } from '../../schemas/roles';
import type { User } from '../../schemas/user';
import { HttpError } from '../http/errors';

/**
 * Cross-site request check for state-changing calls: a browser always sends Origin on
 * POST/PATCH/DELETE; it must be this site's. Requests without Origin (server-to-server, curl)
 * carry no ambient browser cookies from another site and pass.
 */
export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get('origin');
  const site = req.headers.get('sec-fetch-site');
  if (site === 'cross-site') throw new HttpError(403, 'Cross-site requests are not allowed');
  if (origin && origin !== new URL(req.url).origin)
    throw new HttpError(403, 'Cross-site requests are not allowed');
}

/** The signed-in user, or 401; mutations also pass the origin check. */
export async function requireUser(req: Request): Promise<User> {
  if (req.method !== 'GET' && req.method !== 'HEAD') assertSameOrigin(req);
  // Loaded on first use: jose and bcrypt stay out of the cold start of public GETs.
  const { sessionUser } = await import('./session');
  const user = await sessionUser(req);
  if (!user) throw new HttpError(401, 'Please sign in to continue');
  return user;
}

/** Whether this admin must set up two-factor sign-in before using the admin (the site requires it). */
export async function mustSetUpTwoFactor(user: User): Promise<boolean> {
  if (user.role !== 'admin' || user.twoFactor) return false;
  const { getAuthPolicy } = await import('./auth-policy');
  return (await getAuthPolicy()).requireTwoFactorForAdmins;
}

/**
 * The signed-in user holding `permission` (see schemas/roles.ts): 401 when signed out, 403
 * without it, and 403 for an admin who still has to set up a required second factor.
 */
export async function requirePermission(req: Request, permission: Permission): Promise<User> {
  const user = await requireUser(req);
  if (!can(user.role, permission))
    throw new HttpError(
      403,
      user.role === 'contributor' && permission !== 'edit'
        ? CONTRIBUTOR_REFUSALS[permission]
        : 'You do not have permission to do this',
    );
  if (await mustSetUpTwoFactor(user)) {
    throw new HttpError(
      403,
      'This site requires two-factor sign-in for admins: set it up under My account first',
    );
  }
  return user;
}
