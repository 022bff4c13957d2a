import { z } from 'zod';
import { optionalEmail } from './common';
import type { Permission } from './roles';

/** What a notification email is about. */
export const NOTIFICATION_KINDS = [
  'contact',
  'testimonial',
  'build-failed',
  'release-at-risk',
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
};

/** How each kind is named on My account. */
export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  contact: 'New contact messages',
  testimonial: 'Testimonials awaiting review',
  'build-failed': 'A build of the site failed',
  'release-at-risk': 'A scheduled release is near and the last build failed',
};

/**
 * The stored choices (system store, one document for the team): every kind is on until a user turns
 * it off, so a new team member hears about what their role handles. Keyed by user id, so a user
 * removed and invited again under the same name starts afresh.
 */
export const notificationSettingsSchema = z.object({
  /** Where contact messages are also sent (a team's shared inbox), or empty. */
  sharedInbox: z.string().default(''),
  off: z.record(z.string(), z.array(z.enum(NOTIFICATION_KINDS))).default({}),
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
