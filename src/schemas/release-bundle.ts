import { z } from 'zod';
import { cleanString, text } from './common';
import { releaseTime } from './release';
import { siteTextsPatchSchema } from './site-settings';
import { timeZoneField } from './time-zone';

/**
 * A release: several changes that go live together at one time. Its publications and events are
 * scheduled for that time (adding one schedules it; cancelling puts it back to draft), and its
 * text changes (partial site settings, e.g. the hero title) are laid over the settings by any
 * build at or after that time, then written into the settings by the scheduled check.
 */
export const RELEASE_COLLECTIONS = ['publications', 'events'] as const;
export type ReleaseCollection = (typeof RELEASE_COLLECTIONS)[number];
export const RELEASE_STATUSES = ['scheduled', 'cancelled', 'released'] as const;
/** Releases still to come at once: few, so they live in one small document every build reads. */
export const MAX_SCHEDULED_RELEASES = 20;
/** Finished (released or cancelled) releases kept for their history, newest first. */
export const KEPT_FINISHED_RELEASES = 30;
export const MAX_RELEASE_ITEMS = 50;
const MAX_LOG = 100;

export const releaseItemSchema = z.strictObject({
  collection: z.enum(RELEASE_COLLECTIONS, {
    error: "collection must be 'publications' or 'events'",
  }),
  id: z.string().trim().min(1, 'id is required').max(100),
});
export type ReleaseItem = z.infer<typeof releaseItemSchema>;

const publishAtField = () =>
  cleanString('Give the release date and time')
    .trim()
    .regex(
      /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/,
      'Give the release date and time (YYYY-MM-DDTHH:MM)',
    );

const itemsField = () =>
  z
    .array(releaseItemSchema)
    .max(MAX_RELEASE_ITEMS, `A release holds at most ${MAX_RELEASE_ITEMS} items`)
    .refine(
      (items) => new Set(items.map((i) => `${i.collection}/${i.id}`)).size === items.length,
      'An item is listed twice',
    );

/** One line of a release's own log: who did what, when. */
export const releaseLogSchema = z.object({
  at: z.string(),
  user: z.string(),
  action: z.string(),
  summary: z.string(),
});

/** A stored release. */
export const releaseBundleSchema = z.object({
  id: z.string().regex(/^[a-f0-9-]{36}$/),
  name: z.string(),
  /** Local wall-clock time 'YYYY-MM-DDTHH:MM' in `timeZone`, as scheduled items have. */
  publishAt: z.string(),
  timeZone: z.string(),
  /** The instant (ISO) that local time names: when it goes live. */
  at: z.string(),
  items: z.array(releaseItemSchema),
  texts: siteTextsPatchSchema,
  status: z.enum(RELEASE_STATUSES),
  createdAt: z.string(),
  createdBy: z.string(),
  updatedAt: z.string(),
  releasedAt: z.string().nullable().default(null),
  /**
   * Set by the scheduled check when it starts taking the release live (writing its texts into the
   * settings, then marking it released): the id its texts' History entry gets, decided before
   * anything is written, and until when (ms) it holds off another run. From then on the release
   * no longer changes; a run cut off half-way is finished by a later one, under the same entry.
   */
  going: z.object({ entryId: z.string(), until: z.number() }).nullable().default(null),
  log: z.array(releaseLogSchema).max(MAX_LOG),
});
export type ReleaseBundle = z.infer<typeof releaseBundleSchema>;
export const releaseDocSchema = z.object({ bundles: z.array(releaseBundleSchema) });
export type ReleaseDoc = z.infer<typeof releaseDocSchema>;

/** Appends to a release's log, keeping its newest lines. */
export const withLog = (
  bundle: ReleaseBundle,
  user: string,
  action: string,
  summary: string,
  now = Date.now(),
): ReleaseBundle => ({
  ...bundle,
  log: [...bundle.log, { at: new Date(now).toISOString(), user, action, summary }].slice(-MAX_LOG),
});

const timeRule = (v: { publishAt?: string; timeZone?: string }) =>
  v.publishAt === undefined || releaseTime(v) !== null;
const TIME_MESSAGE = { message: 'That date and time does not exist', path: ['publishAt'] };

/** POST /api/admin/releases */
export const releaseCreateSchema = z
  .strictObject({
    name: text(200).min(1, 'Name the release'),
    publishAt: publishAtField(),
    timeZone: timeZoneField().default(''),
    items: itemsField().default([]),
    texts: siteTextsPatchSchema.default({}),
  })
  .refine(timeRule, TIME_MESSAGE);
export type ReleaseCreate = z.infer<typeof releaseCreateSchema>;

/** PATCH /api/admin/releases/:id: rename, reschedule, replace its items or its text changes. */
export const releaseUpdateSchema = z
  .strictObject({
    name: text(200).min(1, 'Name the release'),
    publishAt: publishAtField(),
    timeZone: timeZoneField(),
    items: itemsField(),
    texts: siteTextsPatchSchema,
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Send at least one field to change')
  .refine(timeRule, TIME_MESSAGE);
export type ReleaseUpdate = z.infer<typeof releaseUpdateSchema>;

/** POST /api/admin/releases/:id/preview-link */
export const releasePreviewSchema = z.strictObject({
  expiresInDays: z
    .number({ error: 'expiresInDays must be a number of days' })
    .int()
    .min(1, 'A link works for at least 1 day')
    .max(30, 'A link works for at most 30 days')
    .default(7),
});

/** One thing that would go wrong at the release, found beforehand. */
export interface ReleaseProblem {
  /** Which item ('publications/<id>'), 'texts', or 'build'. */
  target: string;
  message: string;
}

/** A release with what its check found (GET /api/admin/releases/:id). */
export type CheckedRelease = ReleaseBundle & { problems: ReleaseProblem[] };

/** A scheduled publication or event still to come, as GET /api/admin/releases lists it. */
export const scheduledItemSchema = z.object({
  collection: z.enum(RELEASE_COLLECTIONS),
  id: z.string(),
  title: z.string(),
  /** The release instant (ISO). */
  at: z.string(),
  /** As the admin entered it: local time and its zone. */
  publishAt: z.string(),
  timeZone: z.string(),
  /** The name of the release it goes live with, if it is in one. */
  release: z.string().nullable(),
});
export type ScheduledItem = z.infer<typeof scheduledItemSchema>;

/**
 * GET /api/admin/releases: scheduled items soonest first, every kept release (scheduled ones
 * soonest first, then finished ones), and the scheduled check's current warning.
 */
export const releasesOverviewSchema = z.object({
  upcoming: z.array(scheduledItemSchema),
  releases: z.array(releaseBundleSchema),
  warning: z.string().nullable(),
});
export type ReleasesOverview = z.infer<typeof releasesOverviewSchema>;
