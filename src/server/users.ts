import bcrypt from 'bcryptjs';
import { newPasswordSchema, userSchema, type User } from '../schemas/user';
import { HttpError } from './errors';
import { parseWith } from './http';
import { blobCall, createJSON, openStore, readJSON, STORES, updateJSON } from './store';

/** bcrypt cost: at least 12 (DESIGN); ~250 ms per hash on this class of machine. */
export const BCRYPT_COST = 12;

const keyFor = (username: string) => encodeURIComponent(username.trim().toLowerCase());

/** Finds a user by username, case-insensitively. */
export async function findUser(username: string): Promise<User | null> {
  if (!username.trim()) return null;
  const found = await readJSON(openStore(STORES.users), keyFor(username), userSchema);
  return found?.value ?? null;
}

/** Creates a user; 409 when the username is taken. */
export async function createUser(input: { username: string; password: string; isAdmin: boolean }): Promise<User> {
  const username = input.username.trim();
  if (!/^[\w.@-]{3,64}$/.test(username)) {
    throw new HttpError(400, 'Username must be 3 to 64 letters, digits or . _ @ -');
  }
  parseWith(newPasswordSchema, input.password);
  const user: User = {
    id: crypto.randomUUID(),
    username,
    passwordHash: await bcrypt.hash(input.password, BCRYPT_COST),
    isAdmin: input.isAdmin,
    createdAt: new Date().toISOString(),
    sessionsValidAfter: 0,
  };
  const created = await createJSON(openStore(STORES.users), keyFor(username), userSchema, user);
  if (!created) throw new HttpError(409, `A user named ${username} already exists`);
  return user;
}

/** True when any user exists (first-start set-up). */
export async function anyUserExists(): Promise<boolean> {
  const { blobs } = await blobCall('list users', () => openStore(STORES.users).list());
  return blobs.length > 0;
}

/** Refuses every session issued before now, e.g. on logout or password change. */
export async function revokeSessions(username: string): Promise<void> {
  await updateJSON(
    openStore(STORES.users),
    keyFor(username),
    userSchema,
    () => {
      throw new HttpError(404, 'User not found');
    },
    (user) => ({ ...user, sessionsValidAfter: Date.now() }),
  );
}

// A fixed cost-12 hash to compare against when the user does not exist, so timing does not reveal
// names. A constant, not computed at load: hashing at module load cost every cold start ~350 ms.
const DUMMY_HASH = '$2b$12$q9oOgZESr/IxX5YM8lj2O.K9HsrjWvkBafxGHvRr1Gp9VLjWnm6/K';

/** Checks a username and password; null when either is wrong. Always spends one bcrypt compare. */
export async function verifyCredentials(username: string, password: string): Promise<User | null> {
  if (new TextEncoder().encode(password).length > 72) return null;
  const user = await findUser(username);
  const ok = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  return user && ok ? user : null;
}
