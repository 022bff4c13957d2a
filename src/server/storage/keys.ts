/**
 * Keys that sort newest first. Blobs lists keys in plain (lexicographic) order, so a record that
 * must list newest first is keyed by its time counted down from the largest 13-digit millisecond
 * time: a later record gets a smaller number. Stored keys depend on this exact spelling.
 */

const LAST_MS = 9_999_999_999_999;

/** A millisecond time as the 13 digits that sort newest first. */
export const invertedTime = (ms: number): string => String(LAST_MS - ms).padStart(13, '0');

/** The millisecond time back from its 13 inverted digits (the start of a newest-first key). */
export const timeOfInverted = (digits: string): number => LAST_MS - Number(digits);

/** A key that sorts newest first in a plain listing: inverted millisecond time, then a suffix (random unless given). */
export function newestFirstKey(now = Date.now(), suffix: string = crypto.randomUUID()): string {
  return `${invertedTime(now)}-${suffix}`;
}

/**
 * Visit counting (store `analytics`). Hits are counted in tallies: `tallies/<UTC minute>/<nn>`,
 * one of TALLY_SHARDS small documents per minute, each beacon adding to one at random, so
 * simultaneous hits rarely touch the same document and the rollup's work follows the minutes, not
 * the hits. Earlier versions kept each hit as a key of its own, `shards/<minute>/<id>.<hit>` (the
 * hit as base64url JSON, empty value); the rollup still folds any left. Days are `days/<YYYY-MM-DD>`.
 */
export const ANALYTICS_KEYS = {
  /** The tallies of one minute (`YYYY-MM-DDTHH:mm`), of one day (`YYYY-MM-DD`) or all. */
  tallies: (minuteOrDay = '') => `tallies/${minuteOrDay}`,
  tally: (minute: string, shard: number) => `tallies/${minute}/${String(shard).padStart(2, '0')}`,
  /** Per-hit keys of earlier versions, of one minute, of one day or all. */
  legacyShards: (minuteOrDay = '') => `shards/${minuteOrDay}`,
  dayPrefix: 'days/',
  day: (date: string) => `days/${date}`,
  /** Held by the rollup that is folding: one run at a time. */
  lease: 'rollup-lease',
} as const;

/**
 * Keys of the newsletter-issues store: one record per issue, a small index for the list, a claim
 * per slug, and per send: its state, the audience in fixed batches, a lease and one delivery
 * record per recipient (so a resumed send knows exactly who already has the issue).
 */
export const ISSUE_KEYS = {
  index: 'issue-index',
  issue: (id: string) => `issues/${id}`,
  /** Left by a delete, so an issue made under a fixed id (a digest's) is never made again. */
  deleted: (id: string) => `deleted-issues/${id}`,
  slug: (slug: string) => `issue-slugs/${slug}`,
  sendState: (id: string) => `send-state/${id}`,
  lease: (id: string) => `send-lease/${id}`,
  batch: (id: string, n: number) => `send-batches/${id}/${String(n).padStart(6, '0')}`,
  deliveries: (id: string) => `newsletter-deliveries/${id}/`,
  delivery: (id: string, subscriberId: string) => `newsletter-deliveries/${id}/${subscriberId}`,
  /**
   * One per recipient whose copy's fate is unknown (a run died while handing it over): the admin
   * names them by listing this short prefix, never the send's every delivery record.
   */
  unknowns: (id: string) => `newsletter-unknown/${id}/`,
  unknown: (id: string, subscriberId: string) => `newsletter-unknown/${id}/${subscriberId}`,
  digest: (source: string) => `digests/${source}`,
  /** One per reported bounce or complaint of a reader for an issue: a webhook retried counts once. */
  bounce: (id: string, subscriberId: string, kind: string) =>
    `newsletter-bounces/${id}/${subscriberId}-${kind}`,
} as const;

/**
 * Keys of the media store: one record per asset, the index the library lists and searches
 * (one row per asset), a pointer from each upload key to the asset that owns it, and per upload
 * key the places that show it (kept by the change pipeline: publishing/media-uses.ts).
 */
export const MEDIA_KEYS = {
  asset: (id: string) => `assets/${id}`,
  index: 'asset-index',
  byFile: (file: string) => `by-file/${file}`,
  uses: (file: string) => `uses/${file}`,
  /** Written when the one-time migration of earlier uploads has finished. */
  migrated: 'migrated',
} as const;

/**
 * Keys of the exports store: one small record per export job and its CSV in numbered parts (beside
 * the job, not under it: a file-backed store cannot hold a key and keys below it).
 */
export const EXPORT_KEYS = {
  jobPrefix: 'jobs/',
  job: (id: string) => `jobs/${id}`,
  partPrefix: 'parts/',
  parts: (id: string) => `parts/${id}/`,
  /** Part n (1, 2, …) of a job, as the run `run` wrote it (parts recorded without a run: no suffix). */
  part: (id: string, n: number, run?: string) =>
    `parts/${id}/${String(n).padStart(5, '0')}${run ? `-${run}` : ''}`,
} as const;

/** The key of the site-settings document (every site text and setting) in the content store. */
export const SITE_SETTINGS_KEY = 'site-settings';

/** The collections kept one key per record (COLLECTION_KEYS); the others are one document each. */
export const KEYED_COLLECTIONS: ReadonlySet<string> = new Set(['publications', 'events']);

/**
 * Keys of a collection kept one key per record (store `content`): each record under its own key,
 * one small index of rows (what lists, order and checks need; never bodies), the slugs' holders
 * and, until it is migrated, the single document older versions kept the whole collection in.
 */
export const COLLECTION_KEYS = {
  /** The whole collection as one document, { items }, as older versions stored it. */
  single: (name: string) => name,
  index: (name: string) => `${name}-index`,
  records: (name: string) => `${name}-records/`,
  record: (name: string, id: string) => `${name}-records/${id}`,
  /** Who holds which slug, in shards by a hash of the slug (content/slug-claims.ts). */
  slugShards: (name: string) => `${name}-slugs/`,
  slugShard: (name: string, shard: string) => `${name}-slugs/${shard}`,
} as const;

/**
 * Keys of the answers store: the answer a POST got, under a hash of its method, path and
 * Idempotency-Key, so the browser's retry of it is answered the same (workflows/answer-once.ts).
 */
export const ANSWER_KEYS = {
  prefix: 'answers/',
  answer: (name: string) => `answers/${name}`,
} as const;

/**
 * Where a secret the site made for itself is kept (storage/site-secret.ts), in the `system` store.
 * The edge reads the download report's secret here too (visitors/download-report.ts).
 */
export const siteSecretKey = (name: string) => `secrets/${name}`;
