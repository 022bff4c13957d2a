import type { User } from '../schemas/user';
import { HttpError } from './errors';

/**
 * Cross-site request check for state-changing calls: a browser always sends Origin on
 * POST/PATCH/DELETE; it must be this site's. Requests without Origin (server-to-server, curl)
 * carry no ambient browser cookies from another site and pass.
 */
export function assertSameOrigin(req: Request): void {
  const origin = req.headers.get('origin');
  const site = req.headers.get('sec-fetch-site');
  if (site === 'cross-site') throw new HttpError(403, 'Cross-site requests are not allowed');
  if (origin && origin !== new URL(req.url).origin) throw new HttpError(403, 'Cross-site requests are not allowed');
}

/** The signed-in user, or 401. */
export async function requireUser(req: Request): Promise<User> {
  // Loaded on first use: jose and bcrypt stay out of the cold start of public GETs.
  const { sessionUser } = await import('./session');
  const user = await sessionUser(req);
  if (!user) throw new HttpError(401, 'Please sign in to continue');
  return user;
}

/** The signed-in admin, or 401 when signed out and 403 without isAdmin; mutations also pass the origin check. */
export async function requireAdmin(req: Request): Promise<User> {
  if (req.method !== 'GET' && req.method !== 'HEAD') assertSameOrigin(req);
  const user = await requireUser(req);
  if (!user.isAdmin) throw new HttpError(403, 'You do not have permission to do this');
  return user;
}
