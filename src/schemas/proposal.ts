import { z } from 'zod';

/**
 * A proposal: the change a save would have made (the changed fields of one record, a new record,
 * a deletion, or changed site texts), kept aside until a second person approves it. Nothing
 * public changes and no build starts until then.
 */

/** Where a proposal stands: `pending` and `changes-requested` are open; the others are final. */
export const PROPOSAL_STATUSES = [
  'pending',
  'changes-requested',
  'approved',
  'rejected',
  'withdrawn',
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const OPEN_STATUSES: readonly ProposalStatus[] = ['pending', 'changes-requested'];

/** The site texts' subject (collections are named as their API, e.g. 'team-members'). */
export const SITE_SETTINGS_SUBJECT = 'site-settings';

const commentSchema = z.object({
  by: z.string(),
  at: z.string(),
  /** What the reviewer did with the comment; `outside`: left on a preview link, with no account. */
  kind: z.enum([
    'changes-requested',
    'rejected',
    'approved',
    'withdrawn',
    'resubmitted',
    'outside',
  ]),
  text: z.string().default(''),
});
export type ProposalComment = z.infer<typeof commentSchema>;

export const proposalSchema = z.object({
  id: z.string(),
  /** 'site-settings' or a collection's API name. */
  subject: z.string(),
  /** The record changed or deleted; absent for a new record and for the site texts. */
  recordId: z.string().optional(),
  action: z.enum(['create', 'update', 'delete']),
  /** The record's label when proposed (title or name), for lists and emails. */
  label: z.string().default(''),
  author: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The fields to set (a create: the whole new record; a delete: nothing). */
  changes: z.record(z.string(), z.unknown()),
  /**
   * The base version: the changed fields as they were when proposed (a delete: the whole record).
   * Approval refuses when any of them has changed since, so nobody's later save is overwritten.
   */
  base: z.record(z.string(), z.unknown()),
  comments: z.array(commentSchema).default([]),
  /** Who approved, rejected, or withdrew it, and when. */
  decidedBy: z.string().optional(),
  decidedAt: z.string().optional(),
  /**
   * The History entry of the approved change: its id is chosen when an approval first claims the
   * proposal, so an approval retried after a crash writes that one entry, not a second.
   */
  historyId: z.string().optional(),
  /**
   * An approval under way: the reviewer who claimed it and until when. A second approval waits
   * for it, so a change is applied once; a claim left by a crash expires.
   */
  claim: z
    .object({
      by: z.string(),
      until: z.number().int(),
      /** Names the approval that took it: only that one lets go of it. */
      token: z.string().optional(),
    })
    .optional(),
});
export type Proposal = z.infer<typeof proposalSchema>;

/** The answer to a contributor's save: 202 with this. */
export interface ProposalAck {
  proposal: { id: string; status: ProposalStatus };
}

/** Whether an answer to a save is a proposal's acknowledgement (202) rather than the saved record. */
export const isProposalAck = (answer: unknown): answer is ProposalAck =>
  typeof answer === 'object' &&
  answer !== null &&
  typeof (answer as Partial<ProposalAck>).proposal?.id === 'string';

/** What the admin says when a save became a proposal. */
export const SENT_FOR_REVIEW =
  'Sent for review: an editor or admin approves it before it goes live';

/** A field of the diff against the current record. */
export interface ProposalDiffField {
  field: string;
  /** As it was when proposed (undefined for a new record). */
  base: unknown;
  proposed: unknown;
  /** As it is now (undefined when the record is gone or new). */
  current: unknown;
  /** Whether someone changed it since the proposal was made. */
  changedSince: boolean;
}

/** GET /api/admin/proposals?status=&page=&pageSize= */
export const proposalListQuerySchema = z.object({
  status: z
    .enum(PROPOSAL_STATUSES, {
      error: `status must be one of ${PROPOSAL_STATUSES.join(', ')}`,
    })
    .optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(10_000, 'page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number from 1 to 100' })
    .int('pageSize must be a whole number from 1 to 100')
    .min(1, 'pageSize must be a whole number from 1 to 100')
    .max(100, 'pageSize must be a whole number from 1 to 100')
    .default(20),
});

/** POST …/request-changes and DELETE (reject): the reviewer's comment. */
export const proposalCommentSchema = z.strictObject({
  comment: z
    .string({ error: 'Send a comment saying what to change' })
    .trim()
    .min(1, 'Send a comment saying what to change')
    .max(4000, 'The comment is too long (4000 characters at most)'),
});
export const optionalCommentSchema = z.strictObject({
  comment: z.string().trim().max(4000, 'The comment is too long (4000 characters at most)'),
});

/** PUT /api/admin/review-policy */
export const reviewPolicySchema = z.strictObject({
  changesNeedApproval: z.boolean({ error: 'changesNeedApproval must be true or false' }),
});
export type ReviewPolicy = z.infer<typeof reviewPolicySchema>;

/** How many comments a proposal takes through its preview links (each one is kept on it). */
export const OUTSIDE_COMMENTS_MAX = 50;

/** POST /preview/:token (a form): an outside reviewer's comment on a proposal. */
export const outsideCommentSchema = z.object({
  comment: z
    .string({ error: 'Write a comment' })
    .trim()
    .min(1, 'Write a comment')
    .max(2000, 'The comment is too long (2000 characters at most)'),
  name: z.string().trim().max(100, 'The name is too long (100 characters at most)').default(''),
});
