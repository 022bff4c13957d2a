import { z } from 'zod';
import { cleanString, timestampSchema } from './common';
import { newPasswordSchema, roleSchema } from './user';

/** Usernames: short, and safe in a URL and a storage key. */
export const usernameSchema = cleanString('Username is required')
  .trim()
  .regex(/^[\w.@-]{3,64}$/, 'Username must be 3 to 64 letters, digits or . _ @ -')
  // A leading dot names a hidden file in many tools that read a store's files; no one needs one.
  .refine((v) => !v.startsWith('.'), 'Username must not start with a dot');

/** An email address as users give theirs: trimmed and lower-cased, so one address is one key. */
export const userEmailSchema = cleanString('Enter an email address')
  .trim()
  .max(254, 'Enter a valid email address')
  .pipe(z.email('Enter a valid email address'))
  .transform((e) => e.toLowerCase());

/** POST /api/admin/users: invite someone; with an email address, the invitation is emailed there. */
export const inviteRequestSchema = z.strictObject({
  username: usernameSchema,
  role: roleSchema,
  // The admin form sends an empty field as ''.
  email: z.union([z.literal('').transform(() => undefined), userEmailSchema]).optional(),
});

/** POST /api/account/email: the address to verify. */
export const emailChangeSchema = z.strictObject({ email: userEmailSchema });

/** POST /api/auth/verify-email: the token from the verification link. */
export const verifyEmailSchema = z.strictObject({
  token: z.string({ error: 'Send the token from the link' }).max(200, 'This link is not valid'),
});

/** POST /api/auth/forgot-password: a username or an email address. */
export const forgotPasswordSchema = z.strictObject({
  login: cleanString('Enter your username or email address')
    .trim()
    .min(1, 'Enter your username or email address')
    .max(254, 'That is too long for a username or email address'),
});

/** PATCH /api/admin/users/:username: change the role, or (de)activate. */
export const userPatchSchema = z
  .strictObject({
    role: roleSchema.optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .refine((p) => p.role !== undefined || p.active !== undefined, 'Send a role or active to change');

/** POST /api/account/password. */
export const changePasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(200, 'Password is too long'),
  newPassword: newPasswordSchema,
});

/** POST /api/auth/invitations/:token/accept. */
export const acceptInvitationSchema = z.strictObject({ password: newPasswordSchema });

/** POST /api/account/two-factor/confirm: the first code from the authenticator app. */
export const twoFactorCodeSchema = z.strictObject({
  code: cleanString('Enter the 6-digit code')
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

/** Site-wide sign-in rules an admin sets. */
export const authPolicySchema = z.strictObject({
  requireTwoFactorForAdmins: z.boolean({
    error: 'requireTwoFactorForAdmins must be true or false',
  }),
});
export type AuthPolicy = z.infer<typeof authPolicySchema>;

/** A stored invitation (key: SHA-256 of its token): sets the password of one user, once, within 48 hours (1 hour for 'forgot'). */
export const invitationSchema = z.object({
  userId: z.string(),
  username: z.string(),
  /** 'invite' for a new user, 'reset' after an admin reset the password, 'forgot' when the user asked for a link. */
  kind: z.enum(['invite', 'reset', 'forgot']),
  /** Where the link was emailed: for an invitation, the address the invited user will have once they use it. */
  email: z.string().optional(),
  createdBy: z.string(),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  usedAt: timestampSchema.optional(),
  /** The user's link epoch when the link was made: it works only while the user's is the same. */
  linkEpoch: z.number().int().nonnegative().default(0),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** A stored email verification link (key: `email/` + SHA-256 of its token): proves one address for one user, once. */
export const emailVerificationSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  usedAt: timestampSchema.optional(),
  /** The user's link epoch when the link was made: it works only while the user's is the same. */
  linkEpoch: z.number().int().nonnegative().default(0),
});
export type EmailVerification = z.infer<typeof emailVerificationSchema>;

/** Which account holds a verified address (key: `user-email/` + SHA-256 of the address). */
export const emailOwnerSchema = z.object({ username: z.string() });

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
  /** The verified address, else the one waiting for verification (emailVerified says which). */
  email: string | null;
  emailVerified: boolean;
}
