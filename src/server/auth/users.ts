import bcrypt from 'bcryptjs';
import { usernameSchema, type UserSummary } from '../../schemas/account';
import type { Role } from '../../schemas/roles';
import { newPasswordSchema, userSchema, type User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { parseWith } from '../http/http';
import { endLinks } from './link-epoch';
import {
  blobCall,
  createJSON,
  deleteKey,
  listJSON,
  openStore,
  readJSON,
  STORES,
  updateJSON,
} from '../storage/store';

/**
 * bcrypt cost: 12, about 340 ms per hash or check on this class of machine. The test suites
 * sign in hundreds of times, so they set TEST_BCRYPT_COST (4: ~2 ms); it can only lower the cost
 * and exists for tests alone (README). Hashes carry their own cost, so a store written either way
 * still verifies.
 */
const TEST_COST = Number(process.env.TEST_BCRYPT_COST);
export const BCRYPT_COST =
  Number.isInteger(TEST_COST) && TEST_COST >= 4 && TEST_COST < 12 ? TEST_COST : 12;

// Lower-cased, and percent-encoded so that a lone surrogate cannot throw (it is a 404 instead).
const keyFor = (username: string) => {
  const lower = username.trim().toLowerCase();
  return lower.isWellFormed() ? encodeURIComponent(lower) : '';
};

/** Finds a user by username, case-insensitively. */
export async function findUser(username: string): Promise<User | null> {
  const key = keyFor(username);
  if (!key) return null;
  const found = await readJSON(openStore(STORES.users), key, userSchema);
  return found?.value ?? null;
}

/** The user or 404. */
export async function getUser(username: string): Promise<User> {
  const user = await findUser(username);
  if (!user) throw new HttpError(404, 'User not found');
  return user;
}

/**
 * Creates a user; 409 when the username is taken. Without a password the user can only sign in
 * after accepting an invitation. `isAdmin` is the pre-roles way to say `role: 'admin'`.
 */
export async function createUser(input: {
  username: string;
  password?: string;
  isAdmin?: boolean;
  role?: Role;
}): Promise<User> {
  const username = parseWith(usernameSchema, input.username);
  if (input.password !== undefined) parseWith(newPasswordSchema, input.password);
  const role: Role = input.role ?? (input.isAdmin ? 'admin' : 'editor');
  const user = userSchema.parse({
    id: crypto.randomUUID(),
    username,
    passwordHash:
      input.password === undefined ? null : await bcrypt.hash(input.password, BCRYPT_COST),
    role,
    createdAt: new Date().toISOString(),
    sessionsValidAfter: 0,
  });
  const created = await createJSON(openStore(STORES.users), keyFor(username), userSchema, user);
  if (!created) throw new HttpError(409, `A user named ${username} already exists`);
  return user;
}

/** True when any user exists (first-start set-up). */
export async function anyUserExists(): Promise<boolean> {
  const { blobs } = await blobCall('list users', () => openStore(STORES.users).list());
  return blobs.length > 0;
}

/** Every user (a team: tens of records, and the users page shows them all). */
export async function listUsers(): Promise<User[]> {
  const users = await listJSON(openStore(STORES.users), userSchema);
  return users.sort((a, b) => a.username.localeCompare(b.username));
}

/** What the users page shows of a user. */
export const userSummary = (u: User): UserSummary => ({
  username: u.username,
  role: u.role,
  active: u.active,
  hasPassword: u.passwordHash !== null,
  createdAt: u.createdAt,
  lastLoginAt: u.lastLoginAt ?? null,
  twoFactorEnabled: !!u.twoFactor,
  email: u.email ?? u.pendingEmail ?? null,
  emailVerified: !!u.email,
});

/** Changes one user record (etag-guarded); 404 when the user does not exist. */
export async function updateUser(
  username: string,
  mutate: (user: User) => User | Promise<User>,
): Promise<User> {
  const key = keyFor(username);
  if (!key) throw new HttpError(404, 'User not found');
  return updateJSON(
    openStore(STORES.users),
    key,
    userSchema,
    () => {
      throw new HttpError(404, 'User not found');
    },
    mutate,
  );
}

/** Refuses every session issued before now, e.g. on logout, password change or reset. */
export async function revokeSessions(username: string): Promise<void> {
  await updateUser(username, (user) => ({ ...user, sessionsValidAfter: Date.now() }));
}

/** Sets a new password (already checked against the current one where that applies) and ends every session and link. */
export async function setPassword(
  username: string,
  password: string,
  stillValid: (user: User) => boolean = () => true,
): Promise<User> {
  parseWith(newPasswordSchema, password);
  const passwordHash = await bcrypt.hash(password, BCRYPT_COST);
  return updateUser(username, (user) => {
    if (!stillValid(user))
      throw new HttpError(
        410,
        'This link was replaced by a newer one, or its account was removed. Ask an admin for a new one, or use "Forgot your password?" on the sign-in page.',
      );
    // A new password also voids every link still out, whatever its kind.
    return endLinks({ ...user, passwordHash, sessionsValidAfter: Date.now() });
  });
}

const isActiveAdmin = (u: User) => u.role === 'admin' && u.active && u.passwordHash !== null;
const LAST_ADMIN = 'This is the last active admin: make another user an admin first';

/**
 * Applies a change that may remove an active admin, never leaving none. The count is taken
 * again after the write: when two admins demote each other at the same moment, both see the
 * other gone, both changes are undone and both are refused, rather than both landing.
 */
async function keepingAnAdmin(
  username: string,
  change: () => Promise<void>,
  undo: () => Promise<void>,
): Promise<void> {
  const before = await listUsers();
  const target = before.find((u) => u.username.toLowerCase() === username.trim().toLowerCase());
  if (!target) throw new HttpError(404, 'User not found');
  const others = before.filter((u) => u !== target && isActiveAdmin(u));
  if (isActiveAdmin(target) && others.length === 0) throw new HttpError(409, LAST_ADMIN);
  await change();
  if ((await listUsers()).some(isActiveAdmin)) return;
  await undo();
  throw new HttpError(409, LAST_ADMIN);
}

/** Changes a user's role and/or whether they may sign in; deactivating ends their sessions and links. */
export async function changeUser(
  username: string,
  patch: { role?: Role; active?: boolean },
): Promise<User> {
  let before: User | undefined;
  await keepingAnAdmin(
    username,
    async () => {
      await updateUser(username, (u) => {
        before = u;
        const changed = {
          ...u,
          role: patch.role ?? u.role,
          active: patch.active ?? u.active,
          sessionsValidAfter: patch.active === false ? Date.now() : u.sessionsValidAfter,
        };
        return patch.active === false ? endLinks(changed) : changed;
      });
    },
    async () => {
      // Takes back only the fields this change set, each only while it still holds what this
      // change wrote, checked and written in one etag-guarded step: another admin's change to the
      // same user, answered as saved in between, stays, and this refused change leaves nothing.
      await updateUser(username, (u) => ({
        ...u,
        role: patch.role !== undefined && u.role === patch.role ? before!.role : u.role,
        active: patch.active !== undefined && u.active === patch.active ? before!.active : u.active,
      }));
    },
  );
  return getUser(username);
}

/**
 * Clears a password (it stops working at once) and ends every session and link; the user sets a
 * new one through the link made after it. Refused for the last active admin, who would lock everyone out.
 */
export async function clearPassword(username: string): Promise<User> {
  let before: User | undefined;
  let written: User | undefined;
  await keepingAnAdmin(
    username,
    async () => {
      written = await updateUser(username, (u) => {
        before = u;
        return endLinks({ ...u, passwordHash: null, sessionsValidAfter: Date.now() });
      });
    },
    async () => {
      // The old password comes back only while the record is still exactly what this reset wrote
      // (one etag-guarded step): a reset by another admin, answered as done since, must not
      // leave the old password working.
      await updateUser(username, (u) =>
        JSON.stringify(u) === JSON.stringify(written)
          ? { ...u, passwordHash: before!.passwordHash }
          : u,
      );
    },
  );
  return getUser(username);
}

/** Deletes a user (their history stays, under their name). */
export async function deleteUser(username: string): Promise<User> {
  const original = await getUser(username);
  await keepingAnAdmin(
    username,
    () => deleteKey(openStore(STORES.users), keyFor(username)),
    async () => {
      await createJSON(openStore(STORES.users), keyFor(username), userSchema, original);
    },
  );
  return original;
}

// A fixed cost-12 hash to compare against when the user does not exist, so timing does not reveal
// names. A constant, not computed at load: hashing at module load cost every cold start ~350 ms.
// Checked for unknown users, so they cost what a real check costs (at the cost in force).
const DUMMY_HASH =
  BCRYPT_COST === 12
    ? '$2b$12$q9oOgZESr/IxX5YM8lj2O.K9HsrjWvkBafxGHvRr1Gp9VLjWnm6/K'
    : '$2b$04$/IHGdmgA3O4ecGQf5FnnCOhR8h./r.fbmZZZTme2VQyQVnrQ8CVjy';

/**
 * Checks a username and password; null when either is wrong, the account is deactivated or has
 * no password yet. Always spends one bcrypt compare.
 */
export async function verifyCredentials(username: string, password: string): Promise<User | null> {
  if (new TextEncoder().encode(password).length > 72) return null;
  const user = await findUser(username);
  const ok = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  return user && ok && user.active && user.passwordHash ? user : null;
}

/** Notes a successful sign-in for the users page. */
export async function recordSignIn(username: string): Promise<void> {
  await updateUser(username, (u) => ({ ...u, lastLoginAt: new Date().toISOString() }));
}

/** How many users can sign in as admins now (the team is small: one listing of users). */
export async function countActiveAdmins(): Promise<number> {
  return (await listUsers()).filter(isActiveAdmin).length;
}
