import { HttpError } from '../http/errors';
import { siteSecret } from '../storage/site-secret';
import { blobCall, landedWrite, openStore, STORES } from '../storage/store';

/**
 * Sliding-window counters kept in Blobs, one key per event (`bucket/subject/time-random`), so
 * simultaneous requests never contend on a shared counter. Counting is one list call.
 */
async function clear(bucket: string, subject: string): Promise<void> {
  const store = openStore(STORES.throttle);
  const prefix = `${bucket}/${await digest(subject)}/`;
  const { blobs } = await blobCall('list throttle', () => store.list({ prefix }));
  await Promise.all(blobs.map((b) => blobCall('clear throttle', () => store.delete(b.key))));
}

interface Slot {
  /** Takes the event back: the attempt does not count after all. */
  release(): Promise<void>;
}

/**
 * Records an event first, then decides from what the list shows, so a burst of simultaneous
 * requests cannot all slip through a "count, then record" gap. A refused event is taken back,
 * so a refused caller is free again when the window passes.
 * - `strict` (logins): refused when more than `limit` events are visible, counting the ones
 *   still in flight. Whichever of `limit + 1` simultaneous events lands last sees them all, so
 *   never more than `limit` pass; a burst may refuse a few more than needed, which only
 *   costs a guesser.
 * - otherwise (public forms): refused when `limit` events rank before this one by key order,
 *   so the first of a burst always passes; one extra may pass when two keys tie on the clock.
 */
async function takeSlot(
  bucket: string,
  subject: string,
  limit: number,
  windowMs: number,
  strict: boolean,
  message: string,
): Promise<Slot> {
  const store = openStore(STORES.throttle);
  const prefix = `${bucket}/${await digest(subject)}/`;
  const now = Date.now();
  const mine = `${prefix}${now}-${crypto.randomUUID().slice(0, 8)}`;
  await landedWrite('record throttle', () => store.set(mine, ''));
  const release = () => blobCall('undo throttle', () => store.delete(mine)).then(() => undefined);
  const { blobs } = await blobCall('list throttle', () => store.list({ prefix }));
  const at = (key: string) => Number(key.slice(prefix.length).split('-')[0]);
  const keys = blobs.map((b) => b.key);
  // Tidy up as we go; failures here do not matter.
  void Promise.allSettled(
    keys
      .filter((k) => now - at(k) >= windowMs)
      .slice(0, 20)
      .map((k) => store.delete(k)),
  );
  const others = keys.filter((k) => k !== mine && now - at(k) < windowMs).sort();
  const counted = strict ? others : others.filter((k) => k < mine);
  if (counted.length >= limit) {
    await release();
    // Free again when the oldest of the last `limit` events leaves the window.
    const oldest = at(counted[Math.max(0, counted.length - limit)]!);
    throw tooMany(message, oldest + windowMs - now);
  }
  return { release };
}

async function digest(subject: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(subject));
  return Buffer.from(bytes).toString('hex').slice(0, 32);
}

function tooMany(message: string, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, message, undefined, { 'Retry-After': String(seconds) });
}

/**
 * Failed-login rules (DESIGN): 5 failures lock a username+address for 10 minutes; 50 lock an
 * address. Wrong second-factor codes also count per account, from every address together: whoever
 * tries codes already has the password, and could otherwise spread guesses over many addresses.
 */
export const LOGIN_LIMITS = {
  perUser: 5,
  perAddress: 50,
  perAccountCodes: 10,
  windowMs: 10 * 60 * 1000,
};

/** One login attempt, counted as a failure from the start: the caller reports how it ended. */
export interface LoginAttempt {
  /** The password was right: the attempt does not count, and this username+address starts afresh. */
  succeeded(): Promise<void>;
  /** The password was never checked (storage trouble): the attempt does not count. */
  abandon(): Promise<void>;
}

/**
 * Reserves a login attempt before the password is checked, counted as a failure until it
 * succeeds; 429 when the username+address or the address has no attempts left.
 */
export async function reserveLoginAttempt(username: string, ip: string): Promise<LoginAttempt> {
  const { perUser, perAddress, windowMs } = LOGIN_LIMITS;
  const message = 'Too many failed login attempts. Please wait 10 minutes and try again.';
  const subject = `${username.toLowerCase()}|${ip}`;
  const taken = await Promise.allSettled([
    takeSlot('login-user', subject, perUser, windowMs, true, message),
    takeSlot('login-ip', ip, perAddress, windowMs, true, message),
  ]);
  const slots = taken.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
  const refused = taken.find((t) => t.status === 'rejected');
  if (refused) {
    await Promise.allSettled(slots.map((s) => s.release()));
    throw refused.reason;
  }
  const [user, address] = slots as [Slot, Slot];
  return {
    async succeeded() {
      await Promise.all([clear('login-user', subject), address.release()]);
    },
    async abandon() {
      await Promise.allSettled([user.release(), address.release()]);
    },
  };
}

/**
 * Reserves one second-factor check for an account (counted as a failure until it succeeds); 429
 * once the account has had LOGIN_LIMITS.perAccountCodes wrong codes in the window, from anywhere.
 */
export async function reserveSecondFactorAttempt(
  username: string,
): Promise<Pick<LoginAttempt, 'succeeded'>> {
  const { perAccountCodes, windowMs } = LOGIN_LIMITS;
  const subject = username.toLowerCase();
  await takeSlot(
    'two-factor-account',
    subject,
    perAccountCodes,
    windowMs,
    true,
    'Too many wrong codes for this account. Please wait 10 minutes and try again.',
  );
  return { succeeded: () => clear('two-factor-account', subject) };
}

/** Public form limit per address: env PUBLIC_POST_LIMIT per 10 minutes (default 20; 0 turns it off). */
export async function assertPublicPostAllowed(form: string, ip: string): Promise<void> {
  const parsed = Number(process.env.PUBLIC_POST_LIMIT ?? '20');
  // 0 switches throttling off (benchmarks from one address, or a site behind its own limiter).
  if (process.env.PUBLIC_POST_LIMIT?.trim() === '0') return;
  const limit = Number.isFinite(parsed) && parsed >= 1 ? Math.floor(parsed) : 20;
  await takeSlot(
    `post-${form}`,
    ip,
    limit,
    10 * 60 * 1000,
    false,
    'Too many submissions from your address. Please try again later.',
  );
}

/**
 * Forgot-password requests, limited like sign-in attempts (LOGIN_LIMITS per username+address and
 * per address), whether or not the account exists, so the limit reveals nothing. Every request
 * counts: none of them proves anything the way a right password does.
 */
export async function assertPasswordResetRequestAllowed(login: string, ip: string): Promise<void> {
  const { perUser, perAddress, windowMs } = LOGIN_LIMITS;
  const message = 'Too many password reset requests. Please wait 10 minutes and try again.';
  const byLogin = await takeSlot(
    'forgot-login',
    `${login.toLowerCase()}|${ip}`,
    perUser,
    windowMs,
    true,
    message,
  );
  await takeSlot('forgot-ip', ip, perAddress, windowMs, true, message).catch(
    async (error: unknown) => {
      await byLogin.release();
      throw error;
    },
  );
}

/**
 * Whether one more password link may be emailed to this account now: at most LOGIN_LIMITS.perUser
 * in the window, from all addresses together, so nobody can fill a person's inbox.
 */
export async function passwordLinkAllowed(username: string): Promise<boolean> {
  const { perUser, windowMs } = LOGIN_LIMITS;
  try {
    await takeSlot('forgot-account', username.toLowerCase(), perUser, windowMs, true, '');
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return false;
    throw error;
  }
}

/**
 * Visit beacons per client: 300 per 10 minutes (a reader opening page after page stays far below),
 * off with PUBLIC_POST_LIMIT=0 like the forms. The address is only ever stored as a hash keyed
 * with a secret of the site's own (storage/site-secret.ts), so the throttle's entries cannot be
 * matched back to an address by hashing every possible one; the rollup sweeps them once expired.
 */
export async function assertBeaconAllowed(ip: string): Promise<void> {
  if (process.env.PUBLIC_POST_LIMIT?.trim() === '0') return;
  const keyed = `${await siteSecret('beacon-throttle')}|${ip}`;
  await takeSlot('beacon', keyed, 300, 10 * 60 * 1000, false, 'Too many page views at once.');
}

/**
 * Deletes the beacon throttle's entries older than its window: visitors who never come back would
 * otherwise leave theirs behind (the privacy notice says they last minutes). Run by the rollup.
 */
export async function sweepBeaconThrottle(now = Date.now()): Promise<number> {
  const store = openStore(STORES.throttle);
  const old: string[] = [];
  await blobCall('list beacon throttle', async () => {
    for await (const page of store.list({ prefix: 'beacon/', paginate: true }))
      for (const { key } of page.blobs)
        if (now - Number(key.split('/')[2]?.split('-')[0]) >= 10 * 60 * 1000) old.push(key);
  });
  for (let i = 0; i < old.length; i += 32)
    await Promise.all(
      old.slice(i, i + 32).map((k) => blobCall('sweep throttle', () => store.delete(k))),
    );
  return old.length;
}

/**
 * Setup and recovery code guesses (/setup): 5 wrong codes per address in 10 minutes, and 50 from
 * everywhere together, so spreading guesses over many addresses gains little. The codes are long
 * and random, so this only keeps the logs quiet and the store cheap; a right code clears nothing
 * (it is used once).
 */
export async function reserveSetupAttempt(ip: string): Promise<{ succeeded(): Promise<void> }> {
  const { perUser, perAddress, windowMs } = LOGIN_LIMITS;
  const message = 'Too many wrong codes. Please wait 10 minutes and try again.';
  const mine = await takeSlot('setup-ip', ip, perUser, windowMs, true, message);
  const all = await takeSlot('setup-all', 'site', perAddress, windowMs, true, message).catch(
    async (error: unknown) => {
      await mine.release();
      throw error;
    },
  );
  return {
    async succeeded() {
      await Promise.all([mine.release(), all.release()]);
    },
  };
}
