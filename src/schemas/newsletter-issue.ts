import { z } from 'zod';
import { cleanString, idSchema, longText, recordMeta, text, timestampSchema } from './common';
import type { Page } from './page';

/** What an issue card can point at: a record of one of the public collections. */
export const ISSUE_ITEM_COLLECTIONS = ['publications', 'events'] as const;
export type IssueItemCollection = (typeof ISSUE_ITEM_COLLECTIONS)[number];

/** Where an issue is in its life: edited, waiting for its time, going out, done. */
export const ISSUE_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

/** Who made the issue: an editor, or the digest prepared when a release went public. */
export const ISSUE_ORIGINS = ['manual', 'digest'] as const;
export type IssueOrigin = (typeof ISSUE_ORIGINS)[number];

/** Most cards one issue carries (each one is a record read while rendering). */
export const MAX_ISSUE_ITEMS = 20;
/** Most research areas one issue is addressed to. */
export const MAX_ISSUE_TOPICS = 50;

/** A card of the issue: one publication or event, by id. */
export const issueItemSchema = z.strictObject({
  collection: z.enum(ISSUE_ITEM_COLLECTIONS, {
    error: 'collection must be publications or events',
  }),
  id: idSchema,
});
export type IssueItem = z.infer<typeof issueItemSchema>;

/** A research area's slug, as subscribers choose topics by. */
const topicSlug = z
  .string()
  .max(100)
  .regex(/^[\p{L}\p{N}-]+$/u, 'Each topic must be a research area slug');

const editable = {
  subject: text(200).min(1, 'Subject is required'),
  /** Markdown, rendered with the report body's sanitiser. */
  intro: longText(20_000).default(''),
  items: z
    .array(issueItemSchema)
    .max(MAX_ISSUE_ITEMS, `At most ${MAX_ISSUE_ITEMS} items`)
    .default([]),
  /** Research-area slugs the issue is for; empty: every confirmed subscriber. */
  topics: z
    .array(topicSlug)
    .max(MAX_ISSUE_TOPICS, `At most ${MAX_ISSUE_TOPICS} topics`)
    .default([]),
};

/** POST /api/admin/newsletter-issues: a new draft. */
export const issueCreateSchema = z.strictObject(editable);
export type IssueCreate = z.infer<typeof issueCreateSchema>;

/** PATCH /api/admin/newsletter-issues/:id: any subset of the editable fields. */
export const issueUpdateSchema = z
  .strictObject({
    subject: editable.subject,
    intro: editable.intro.unwrap(),
    items: editable.items.unwrap(),
    topics: editable.topics.unwrap(),
  })
  .partial();
export type IssueUpdate = z.infer<typeof issueUpdateSchema>;

/** POST /api/admin/newsletter-issues/:id/send: now, or at an ISO time in the future. */
export const issueSendSchema = z.strictObject({
  at: z.iso
    .datetime({ offset: true, error: 'at must be an ISO date and time, e.g. 2030-01-31T09:00:00Z' })
    .optional(),
});

/** How many recipients the send fixed, and what became of them. */
export const issueCountsSchema = z.object({
  /** Size of the audience fixed when sending started (0 before). */
  recipients: z.number().int().min(0).default(0),
  sent: z.number().int().min(0).default(0),
  /** Messages the provider refused, or that never reached it: nothing left. */
  failed: z.number().int().min(0).default(0),
  /**
   * Messages whose fate is unknown: a run died while handing them to the provider (or its answer
   * was lost). Never sent again, so they arrived once or not at all; the admin sees who they are.
   */
  unknown: z.number().int().min(0).default(0),
  /** Recipients who left, or were suppressed, between the audience snapshot and their turn. */
  skipped: z.number().int().min(0).default(0),
});
export type IssueCounts = z.infer<typeof issueCountsSchema>;

/** Bounces and complaints tied to this issue by the provider's webhook. */
export const issueBouncesSchema = z.object({
  hard: z.number().int().min(0).default(0),
  complaints: z.number().int().min(0).default(0),
});

/** A stored issue (one key per issue; the list reads the index instead). */
export const newsletterIssueSchema = z.object({
  ...recordMeta,
  /** Unique; the archive page is /newsletter/<slug>. */
  slug: z.string().min(1).max(140),
  subject: editable.subject,
  intro: editable.intro,
  items: editable.items,
  topics: editable.topics,
  status: z.enum(ISSUE_STATUSES).default('draft'),
  origin: z.enum(ISSUE_ORIGINS).default('manual'),
  /** User id of the author ('system' for a digest). */
  createdBy: cleanString().max(100),
  /** When a scheduled send starts. */
  scheduledAt: timestampSchema.optional(),
  startedAt: timestampSchema.optional(),
  sentAt: timestampSchema.optional(),
  /** The release or publication a digest was prepared from (one digest each). */
  digestOf: z.string().max(200).optional(),
  counts: issueCountsSchema.default({ recipients: 0, sent: 0, failed: 0, unknown: 0, skipped: 0 }),
  bounces: issueBouncesSchema.default({ hard: 0, complaints: 0 }),
  /**
   * How many changes the issue has had. Its changes are ordered by the store's guarded writes;
   * their rows in the list's index can arrive in another order, and the index keeps the newest.
   */
  rev: z.number().int().min(0).default(0),
});
export type NewsletterIssue = z.infer<typeof newsletterIssueSchema>;

/** A row of the issue list: what the admin table shows, never the intro. */
export const issueSummarySchema = newsletterIssueSchema.pick({
  id: true,
  slug: true,
  subject: true,
  status: true,
  origin: true,
  topics: true,
  createdAt: true,
  updatedAt: true,
  scheduledAt: true,
  sentAt: true,
  counts: true,
  rev: true,
});
export type IssueSummary = z.infer<typeof issueSummarySchema>;

/** GET /api/admin/newsletter-issues: newest first, paged. */
export type IssueList = Page<IssueSummary>;

/** GET /api/admin/newsletter-issues/:id/preview: exactly what arrives, and to how many now. */
export interface IssuePreview {
  subject: string;
  html: string;
  text: string;
  /** The audience if sending started now. */
  recipients: number;
}

/**
 * GET /api/admin/newsletter-issues/:id/unknown (admins): the readers whose copy arrived once or not
 * at all (the first UNKNOWN_LIST_LIMIT of `total`); `email` is null once the subscription is gone.
 */
export interface UnknownRecipientList {
  total: number;
  items: { email: string | null; at: string; reason: string }[];
}
