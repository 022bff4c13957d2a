/**
 * The three roles and what each may do. Zod-free on purpose: the admin app and the
 * inline editor read it to hide what a role cannot use, and the server enforces the same table.
 */
export const ROLES = ['admin', 'editor', 'contributor'] as const;
export type Role = (typeof ROLES)[number];

/**
 * - `edit`: in-place editing and the collection pages, uploads: a save of a role without
 *   `content` (or of an editor under the two-person rule) becomes a proposal for review.
 * - `content`: reviewing proposals, in-place editing, collections, site texts and settings, testimonial moderation,
 *   uploads, publishing, and the history of those.
 * - `personal-data`: the contact inbox, the subscriber list and its export, and their history.
 * - `users`: team accounts, invitations, roles and the sign-in policy.
 */
export type Permission = 'edit' | 'content' | 'personal-data' | 'users';

const GRANTS: Record<Role, readonly Permission[]> = {
  admin: ['edit', 'content', 'personal-data', 'users'],
  editor: ['edit', 'content'],
  contributor: ['edit'],
};

/** Whether a role holds a permission. */
export const can = (role: Role | undefined, permission: Permission): boolean =>
  !!role && GRANTS[role].includes(permission);

/** How a role is named in the admin. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  editor: 'Editor',
  contributor: 'Contributor',
};

/**
 * Why a contributor is refused: what they tried needs another role, and their edits go to review
 * instead. Other roles refused keep the plain message.
 */
export const CONTRIBUTOR_REFUSALS: Record<Exclude<Permission, 'edit'>, string> = {
  content:
    'Contributors cannot publish, schedule, reorder, make preview links, moderate or see history: an editor or admin does that, and your edits go to them for review',
  'personal-data': 'Contributors cannot see personal data: only admins can',
  users: 'Contributors cannot manage users: only admins can',
};

/** History targets that hold personal data: only roles with `personal-data` see or restore them. */
export const PERSONAL_TARGETS = ['contact-forms/', 'subscriptions/', 'users/'] as const;
export const isPersonalTarget = (target: string): boolean =>
  PERSONAL_TARGETS.some((p) => target.startsWith(p));
