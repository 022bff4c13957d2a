/**
 * The two roles and what each may do. Zod-free on purpose: the admin app and the
 * inline editor read it to hide what a role cannot use, and the server enforces the same table.
 */
export const ROLES = ['admin', 'editor'] as const;
export type Role = (typeof ROLES)[number];

/**
 * - `content`: in-place editing, collections, site texts and settings, testimonial moderation,
 *   uploads, publishing, and the history of those.
 * - `personal-data`: the contact inbox, the subscriber list and its export, and their history.
 * - `users`: team accounts, invitations, roles and the sign-in policy.
 */
export type Permission = 'content' | 'personal-data' | 'users';

const GRANTS: Record<Role, readonly Permission[]> = {
  admin: ['content', 'personal-data', 'users'],
  editor: ['content'],
};

/** Whether a role holds a permission. */
export const can = (role: Role | undefined, permission: Permission): boolean =>
  !!role && GRANTS[role].includes(permission);

/** How a role is named in the admin. */
export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', editor: 'Editor' };

/** History targets that hold personal data: only roles with `personal-data` see or restore them. */
export const PERSONAL_TARGETS = ['contact-forms/', 'subscriptions/', 'users/'] as const;
export const isPersonalTarget = (target: string): boolean =>
  PERSONAL_TARGETS.some((p) => target.startsWith(p));
