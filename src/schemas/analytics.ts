import { z } from 'zod';

/**
 * First-party counting without personal data. A hit is `{ kind, path, host, ref }` and nothing
 * else: no address, user agent, cookie or visitor id ever reaches a stored record.
 */

/**
 * What a hit counts: a page view (the page's beacon), a file the CDN served (counted at the edge:
 * netlify/edge-functions/count-downloads.ts) or an event a function counts itself.
 */
export const HIT_KINDS = ['view', 'pdf', 'citation', 'ics', 'feed', 'preview', 'signup'] as const;
export type HitKind = (typeof HIT_KINDS)[number];
/** The kinds shown as downloads: files the CDN served, counted as they were served. */
export const DOWNLOAD_KINDS = ['pdf', 'citation', 'ics', 'feed'] as const;
export type DownloadKind = (typeof DOWNLOAD_KINDS)[number];

/** Longest stored path: keeps a cell (and the documents that count it) small. */
export const MAX_HIT_PATH = 200;
const HOST = /^[a-z0-9.-]{0,100}$/;
const REF = /^[A-Za-z0-9_-]{0,80}$/;

/** One counted event: what a cell of a tally or a day counts. */
export const hitSchema = z.strictObject({
  kind: z.enum(HIT_KINDS),
  path: z.string().startsWith('/').max(MAX_HIT_PATH),
  host: z.string().regex(HOST).default(''),
  ref: z.string().regex(REF).default(''),
});
export type Hit = z.infer<typeof hitSchema>;

/** What the page beacon sends (POST /api/hit): the page, the referrer's host and a newsletter ref. */
export const beaconSchema = z.strictObject({
  path: z
    .string({ error: 'Send the page path' })
    .startsWith('/', 'Send the page path')
    .max(MAX_HIT_PATH, 'The path is too long'),
  referrer: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.string().regex(HOST, 'Send the referrer host only'))
    .default(''),
  ref: z.string().regex(REF, 'A ref is a newsletter issue slug or id').default(''),
});
export type Beacon = z.infer<typeof beaconSchema>;

/**
 * What the edge sends for a file the CDN served (POST /api/hit/file): the file's path and the
 * referring site's host, taken from the download request itself. The kind follows from the path.
 */
export const fileHitSchema = beaconSchema.pick({ path: true, referrer: true });
export type FileHit = z.infer<typeof fileHitSchema>;

/**
 * One tally: counts per `kind\tpath\thost\tref` cell of the hits a beacon (or server-side event)
 * added to this shard of its minute. `sealed` is set by the rollup before it reads the counts (a
 * random id): a beacon never adds to a sealed tally, so nothing lands between the rollup's read and
 * its delete, and the id is what the day notes as added.
 */
export const analyticsTallySchema = z.object({
  cells: z.record(z.string(), z.number().int().nonnegative()).default({}),
  sealed: z.string().optional(),
});
export type AnalyticsTally = z.infer<typeof analyticsTallySchema>;

/** One stored day: counts per `kind\tpath\thost\tref` cell, and the minutes being folded in. */
export const analyticsDaySchema = z.object({
  date: z.string(),
  cells: z.record(z.string(), z.number().int().nonnegative()).default({}),
  /**
   * The ids (a tally's seal, or an earlier version's per-hit shard id) already added, by minute,
   * until their documents are deleted, so a rollup that died between adding and deleting never
   * adds them twice. Emptied once the documents are gone.
   */
  pending: z.record(z.string(), z.array(z.string())).default({}),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The admin's period query: from and to (inclusive, UTC days), at most 400 days. */
export const analyticsRangeSchema = z
  .strictObject({
    from: z.string().regex(DAY, 'Give from as YYYY-MM-DD'),
    to: z.string().regex(DAY, 'Give to as YYYY-MM-DD'),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine((r) => r.from <= r.to, { message: 'from must not be after to', path: ['from'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < 400, {
    message: 'Ask for at most 400 days at a time',
    path: ['to'],
  });

/** GET /api/admin/analytics answers this. */
export interface AnalyticsReport {
  days: { date: string; views: number }[];
  pages: { path: string; views: number }[];
  referrers: { host: string; views: number }[];
  downloads: { kind: HitKind; path: string; count: number }[];
  newsletter: { issue: string; views: number }[];
}

/** The figures of one publication over a span of days. */
export interface ImpactFigures {
  views: number;
  pdf: number;
  citation: number;
}

/** GET /api/admin/analytics/publications/:id answers this. */
export interface PublicationImpact {
  id: string;
  title: string;
  path: string;
  publishedOn: string;
  days: { date: string; views: number }[];
  totals: ImpactFigures;
  referrers: { host: string; views: number }[];
  newsletter: { issue: string; views: number }[];
  first7: ImpactFigures;
  first30: ImpactFigures;
  previous: { id: string; title: string; first7: ImpactFigures; first30: ImpactFigures } | null;
}
