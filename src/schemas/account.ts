import { z } from 'zod';
import { cleanString, timestampSchema } from './common';
import { newPasswordSchema, roleSchema } from './user';

/** Usernames: short, and safe in a URL and a storage key. */
export const usernameSchema = cleanString('Username is required')
  .trim()
  .regex(/^[\w.@-]{3,64}$/, 'Username must be 3 to 64 letters, digits or . _ @ -')
  // A leading dot names a hidden file in many tools that read a store's files; no one needs one.
  .refine((v) => !v.startsWith('.'), 'Username must not start with a dot');

/** POST /api/admin/users: invite someone. */
export const inviteRequestSchema = z.strictObject({ username: usernameSchema, role: roleSchema });

/** PATCH /api/admin/users/:username: change the role, or (de)activate. */
export const userPatchSchema = z
  .strictObject({ role: roleSchema.optional(), active: z.boolean({ error: 'active must be true or false' }).optional() })
  .refine((p) => p.role !== undefined || p.active !== undefined, 'Send a role or active to change');

/** POST /api/account/password. */
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(200, 'Password is too long'),
  newPassword: newPasswordSchema,
});

/** POST /api/auth/invitations/:token/accept. */
export const acceptInvitationSchema = z.strictObject({ password: newPasswordSchema });

/** POST /api/account/two-factor/confirm: the first code from the authenticator app. */
export const twoFactorCodeSchema = z.strictObject({
  code: cleanString('Enter the 6-digit code').trim().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

/** Site-wide sign-in rules an admin sets. */
export const authPolicySchema = z.strictObject({
  requireTwoFactorForAdmins: z.boolean({ error: 'requireTwoFactorForAdmins must be true or false' }),
});
export type AuthPolicy = z.infer<typeof authPolicySchema>;

/** A stored invitation (key: SHA-256 of its token): sets the password of one user, once, within 48 hours. */
export const invitationSchema = z.object({
  userId: z.string(),
  username: z.string(),
  /** 'invite' for a new user, 'reset' after an admin reset the password. */
  kind: z.enum(['invite', 'reset']),
  createdBy: z.string(),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  usedAt: timestampSchema.optional(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** One user as the users page shows it (never a hash or secret). */
export interface UserSummary {
  username: string;
  role: z.infer<typeof roleSchema>;
  active: boolean;
  /** False until the invitation (or the reset link) was used. */
  hasPassword: boolean;
  createdAt: string;
  lastLoginAt: string | null;
  twoFactorEnabled: boolean;
}
