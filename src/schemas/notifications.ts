import { z } from 'zod';
import { optionalEmail } from './common';
import type { Permission } from './roles';

/** What a notification email is about. */
export const NOTIFICATION_KINDS = [
  'contact',
  'testimonial',
  'build-failed',
  'release-at-risk',
  'proposal',
  'proposal-outcome',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Who may receive each kind: the permission that opens the page it links to (contact messages are
 * personal data: admins; testimonials and builds: editors and admins).
 */
export const NOTIFICATION_PERMISSION: Record<NotificationKind, Permission> = {
  contact: 'personal-data',
  testimonial: 'content',
  'build-failed': 'content',
  'release-at-risk': 'content',
  proposal: 'content',
  // Each author hears of their own proposals and releases only (proposal-mail.ts).
  'proposal-outcome': 'edit',
};

/** How each kind is named on My account. */
export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  contact: 'New contact messages',
  testimonial: 'Testimonials awaiting review',
  'build-failed': 'A build of the site failed',
  'release-at-risk': 'A scheduled release is near and the last build failed',
  proposal: 'Changes proposed for review',
  'proposal-outcome':
    'My proposals approved, rejected or sent back, and my releases held for review',
};

/** How newsletter issues go out (admins set these; see src/server/workflows/newsletter). */
const newsletterSendingFields = {
  /** Whether editors may send issues (admins always may). */
  editorsMaySendNewsletter: z.boolean().default(false),
  /** Messages a second the sender hands to the provider (its sending limit). */
  newsletterRatePerSecond: z.number().int().min(1).max(1000).default(10),
  /** Whether a digest prepared when a release goes public is scheduled by itself. */
  digestAutoSend: z.boolean().default(false),
  /** How long after the release an automatic digest goes out (time to cancel it). */
  digestDelayMinutes: z.number().int().min(0).max(10_080).default(60),
};

/** PUT /api/admin/newsletter-settings: any of the sending settings. */
export const newsletterSettingsSchema = z
  .strictObject({
    editorsMaySendNewsletter: z.boolean({
      error: 'editorsMaySendNewsletter must be true or false',
    }),
    newsletterRatePerSecond: z
      .number({ error: 'newsletterRatePerSecond must be a number' })
      .int('newsletterRatePerSecond must be a whole number')
      .min(1, 'newsletterRatePerSecond must be from 1 to 1000')
      .max(1000, 'newsletterRatePerSecond must be from 1 to 1000'),
    digestAutoSend: z.boolean({ error: 'digestAutoSend must be true or false' }),
    digestDelayMinutes: z
      .number({ error: 'digestDelayMinutes must be a number' })
      .int('digestDelayMinutes must be a whole number')
      .min(0, 'digestDelayMinutes must be from 0 to 10080 (a week)')
      .max(10_080, 'digestDelayMinutes must be from 0 to 10080 (a week)'),
  })
  .partial()
  .refine(
    (s) => Object.keys(s).length > 0,
    'Send at least one of editorsMaySendNewsletter, newsletterRatePerSecond, digestAutoSend, digestDelayMinutes',
  );
export type NewsletterSettings = Required<z.infer<typeof newsletterSettingsSchema>>;

/**
 * The stored choices (system store, one document for the team): every kind is on until a user turns
 * it off, so a new team member hears about what their role handles. Keyed by user id, so a user
 * removed and invited again under the same name starts afresh.
 */
export const notificationSettingsSchema = z.object({
  /** Where contact messages are also sent (a team's shared inbox), or empty. */
  sharedInbox: z.string().default(''),
  off: z.record(z.string(), z.array(z.enum(NOTIFICATION_KINDS))).default({}),
  ...newsletterSendingFields,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/account/notifications: each kind on or off (kinds left out keep their choice). */
export const notificationChoicesSchema = z
  .strictObject(
    Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [
        k,
        z.boolean({ error: `${k} must be true or false` }).optional(),
      ]),
    ) as Record<NotificationKind, z.ZodOptional<z.ZodBoolean>>,
  )
  .refine(
    (choices) => Object.values(choices).some((on) => on !== undefined),
    `Send at least one of ${NOTIFICATION_KINDS.join(', ')}, true or false`,
  );

/** PUT /api/admin/notifications: the shared inbox for contact messages (empty: none). */
export const sharedInboxSchema = z.strictObject({
  sharedInbox: z
    .string({ error: 'Send sharedInbox: an email address, or empty for none' })
    .pipe(optionalEmail),
});

/** What My account shows: the kinds this user's role may receive, each on or off, and where they go. */
export interface NotificationChoices {
  choices: { kind: NotificationKind; label: string; on: boolean }[];
  /** The verified address notifications go to, or null when the account has none. */
  address: string | null;
}
