import { HttpError } from './errors';
import { blobCall, landedWrite, openStore, STORES } from './store';

/**
 * Sliding-window counters kept in Blobs, one key per event (`bucket/subject/time-random`), so
 * simultaneous requests never contend on a shared counter. Counting is one list call.
 */
async function recentEvents(bucket: string, subject: string, windowMs: number): Promise<number[]> {
  const store = openStore(STORES.throttle);
  const prefix = `${bucket}/${await digest(subject)}/`;
  const { blobs } = await blobCall('list throttle', () => store.list({ prefix }));
  const now = Date.now();
  const times: number[] = [];
  const expired: string[] = [];
  for (const { key } of blobs) {
    const t = Number(key.slice(prefix.length).split('-')[0]);
    if (now - t < windowMs) times.push(t);
    else expired.push(key);
  }
  // Tidy up as we go; failures here do not matter.
  void Promise.allSettled(expired.slice(0, 20).map((k) => store.delete(k)));
  return times.sort((a, b) => a - b);
}

async function record(bucket: string, subject: string): Promise<void> {
  const key = `${bucket}/${await digest(subject)}/${Date.now()}-${crypto.randomUUID().slice(0, 8)}`;
  await landedWrite('record throttle', () => openStore(STORES.throttle).set(key, ''));
}

async function clear(bucket: string, subject: string): Promise<void> {
  const store = openStore(STORES.throttle);
  const prefix = `${bucket}/${await digest(subject)}/`;
  const { blobs } = await blobCall('list throttle', () => store.list({ prefix }));
  await Promise.all(blobs.map((b) => blobCall('clear throttle', () => store.delete(b.key))));
}

async function digest(subject: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(subject));
  return Buffer.from(bytes).toString('hex').slice(0, 32);
}

function tooMany(message: string, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, message, undefined, { 'Retry-After': String(seconds) });
}

/** Failed-login rules (DESIGN): 5 failures lock a username+address for 10 minutes; 50 lock an address. */
export const LOGIN_LIMITS = { perUser: 5, perAddress: 50, windowMs: 10 * 60 * 1000 };

/** Refuses a login attempt while its username+address or address is locked. */
export async function assertLoginAllowed(username: string, ip: string): Promise<void> {
  const { perUser, perAddress, windowMs } = LOGIN_LIMITS;
  const [userFails, ipFails] = await Promise.all([
    recentEvents('login-user', `${username.toLowerCase()}|${ip}`, windowMs),
    recentEvents('login-ip', ip, windowMs),
  ]);
  const message = 'Too many failed login attempts. Please wait 10 minutes and try again.';
  if (userFails.length >= perUser) throw tooMany(message, userFails[userFails.length - perUser]! + windowMs - Date.now());
  if (ipFails.length >= perAddress) throw tooMany(message, ipFails[ipFails.length - perAddress]! + windowMs - Date.now());
}

/** Counts a failed login. */
export async function recordLoginFailure(username: string, ip: string): Promise<void> {
  await Promise.all([record('login-user', `${username.toLowerCase()}|${ip}`), record('login-ip', ip)]);
}

/** A successful login clears that username+address's failures. */
export async function clearLoginFailures(username: string, ip: string): Promise<void> {
  await clear('login-user', `${username.toLowerCase()}|${ip}`);
}

/** Public form limit per address: env PUBLIC_POST_LIMIT per 10 minutes (default 20; 0 turns it off). */
export async function assertPublicPostAllowed(form: string, ip: string): Promise<void> {
  const parsed = Number(process.env.PUBLIC_POST_LIMIT ?? '20');
  // 0 switches throttling off (benchmarks from one address, or a site behind its own limiter).
  if (process.env.PUBLIC_POST_LIMIT?.trim() === '0') return;
  const limit = Number.isFinite(parsed) && parsed >= 1 ? Math.floor(parsed) : 20;
  const windowMs = 10 * 60 * 1000;
  const bucket = `post-${form}`;
  const store = openStore(STORES.throttle);
  const prefix = `${bucket}/${await digest(ip)}/`;
  // Record first, then rank this attempt among the window's events by key order: a burst of
  // simultaneous posts cannot all slip through a "count, then record" gap.
  const now = Date.now();
  const mine = `${prefix}${now}-${crypto.randomUUID().slice(0, 8)}`;
  await landedWrite('record throttle', () => store.set(mine, ''));
  const { blobs } = await blobCall('list throttle', () => store.list({ prefix }));
  const at = (key: string) => Number(key.slice(prefix.length).split('-')[0]);
  const keys = blobs.map((b) => b.key);
  void Promise.allSettled(keys.filter((k) => now - at(k) >= windowMs).slice(0, 20).map((k) => store.delete(k)));
  const earlier = keys.filter((k) => k < mine && now - at(k) < windowMs).sort();
  if (earlier.length >= limit) {
    // A refused attempt does not count, so a refused visitor is free again when the window passes.
    await blobCall('undo throttle', () => store.delete(mine));
    const oldest = at(earlier[earlier.length - limit]!);
    throw tooMany('Too many submissions from your address. Please try again later.', oldest + windowMs - now);
  }
}
