import { z } from 'zod';
import { timestampSchema } from './common';

/** What a message is about: named in the admin's list of failed deliveries. */
export const MAIL_KINDS = [
  'newsletter-confirm',
  'newsletter-welcome',
  'newsletter-unsubscribe-link',
  'newsletter-issue',
  'notification',
  'password-reset',
  'invitation',
  'email-verification',
  'account-recovery',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** How each kind is named in the admin. */
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  'newsletter-confirm': 'Newsletter confirmation',
  'newsletter-welcome': 'Newsletter welcome',
  'newsletter-unsubscribe-link': 'Unsubscribe link',
  'newsletter-issue': 'Newsletter issue',
  notification: 'Notification',
  'password-reset': 'Password reset',
  invitation: 'Invitation',
  'email-verification': 'Address verification',
  'account-recovery': 'Recovery code used',
};

/** A message waiting in the queue (or kept after its last attempt failed), as stored. */
/**
 * A message worth sending only while a record still holds a value (a confirmation whose link is
 * still the subscription's current one): checked before each attempt, else dropped unsent.
 */
export const mailConditionSchema = z.object({
  store: z.string(),
  key: z.string(),
  field: z.string(),
  equals: z.string(),
});
export type MailCondition = z.infer<typeof mailConditionSchema>;

export const queuedMailSchema = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  to: z.string(),
  replyTo: z.string().optional(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Extra header lines (List-Unsubscribe and its one-click companion). */
  headers: z.record(z.string(), z.string()).default({}),
  createdAt: timestampSchema,
  attempts: z.number().int().min(0),
  nextAttemptAt: timestampSchema,
  /** While set and in the future, one delivery holds the message and no other starts. */
  leaseUntil: timestampSchema.optional(),
  lastError: z.string().optional(),
  failedAt: timestampSchema.optional(),
  onlyWhile: mailConditionSchema.optional(),
});
export type QueuedMail = z.infer<typeof queuedMailSchema>;

/** A delivery that gave up, as admins see it (GET /api/admin/mail). */
export interface FailedMail {
  id: string;
  kind: MailKind;
  to: string;
  /** Whom a reply reaches (a contact notification's sender). */
  replyTo?: string;
  subject: string;
  attempts: number;
  lastError: string;
  createdAt: string;
  failedAt: string;
}

/** How mail leaves the site: a provider (SMTP), a local folder of .eml files, or not at all. */
export type MailMode = 'smtp' | 'outbox' | 'off';

/** The email state admins see on the dashboard and the Email page. */
export interface MailStatus {
  mode: MailMode;
  /** What is wrong when mode is off; where files go for the outbox; the provider's host for SMTP. */
  detail: string;
  /** Failed deliveries kept for admins (null for roles that may not see personal data). */
  failed: number | null;
  /** True when there are more failed deliveries than `failed` counts. */
  failedMore: boolean;
}
