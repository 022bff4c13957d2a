/**
 * How much of the site's upload storage is in use, against a quota. Blobs listings carry no
 * sizes, so every stored upload (image, PDF, PDF part) has an empty ledger key beside it,
 * `usage/<key>/<bytes>`: the use is one listing of those keys, and no file is read. The ledger
 * key is written before the file, so a failed write leaves the use over-counted (the retry
 * writes the same key), never under.
 */
import { HttpError } from '../http/errors';
import { blobCall, deleteKey, landedWrite, openStore, STORES } from '../storage/store';

const store = () => openStore(STORES.uploads);
const LEDGER = 'usage/';
/** Default quota: 2 GiB, well inside what a small site's Blobs plan holds. */
const DEFAULT_QUOTA_BYTES = 2 * 1024 ** 3;

/** The quota in bytes: UPLOAD_QUOTA_BYTES when it is a positive whole number, 2 GiB otherwise. */
export function uploadQuotaBytes(): number {
  const set = Number(process.env.UPLOAD_QUOTA_BYTES);
  return Number.isSafeInteger(set) && set > 0 ? set : DEFAULT_QUOTA_BYTES;
}

/** Each counted upload key with its size. */
async function ledger(): Promise<Map<string, number>> {
  const { blobs } = await blobCall('list upload usage', () => store().list({ prefix: LEDGER }));
  const sizes = new Map<string, number>();
  for (const { key } of blobs) {
    const cut = key.lastIndexOf('/');
    const bytes = Number(key.slice(cut + 1));
    if (Number.isSafeInteger(bytes)) sizes.set(key.slice(LEDGER.length, cut), bytes);
  }
  return sizes;
}

/** The bytes in use and the quota, for the admin dashboard. */
export async function uploadStorage(): Promise<{ usedBytes: number; quotaBytes: number }> {
  let usedBytes = 0;
  for (const bytes of (await ledger()).values()) usedBytes += bytes;
  return { usedBytes, quotaBytes: uploadQuotaBytes() };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** 507 when `bytes` more would pass the quota (`key`: a file those bytes replace, not counted twice). */
export async function assertUploadRoom(bytes: number, key?: string): Promise<void> {
  const sizes = await ledger();
  if (key !== undefined) sizes.delete(key);
  let used = 0;
  for (const size of sizes.values()) used += size;
  const quota = uploadQuotaBytes();
  if (used + bytes > quota)
    throw new HttpError(
      507,
      `Upload storage is full: ${mb(used)} in use of ${mb(quota)}. This file needs ${mb(bytes)}. Ask the site's operator for more space.`,
    );
}

/** Counts `bytes` under `key` (after checking the room): call before writing the file itself. */
export async function reserveUpload(key: string, bytes: number): Promise<void> {
  await assertUploadRoom(bytes, key);
  await landedWrite(`count upload ${key}`, () => store().set(`${LEDGER}${key}/${bytes}`, ''));
}

/** Stops counting every upload key that starts with `prefix` (a whole key, or a folder ending in `/`). */
export async function releaseUploads(prefix: string): Promise<void> {
  const { blobs } = await blobCall(`list usage ${prefix}`, () =>
    store().list({ prefix: `${LEDGER}${prefix}` }),
  );
  for (const { key } of blobs) await deleteKey(store(), key);
}
