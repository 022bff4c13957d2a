import { z } from 'zod';
import { cleanString, timestampSchema } from './common';
import { ROLES } from './roles';

export const roleSchema = z.enum(ROLES, { error: 'Role must be admin, editor or contributor' });

/** A confirmed second factor: the TOTP secret, hashed recovery codes, and the last time step used. */
const twoFactorSchema = z.object({
  secret: z.string().min(16),
  enabledAt: timestampSchema,
  /** SHA-256 of each unused recovery code (the codes are random, 50 bits each: no slow hash needed). */
  recoveryCodes: z.array(z.string()),
  /** The last TOTP step accepted: a code is never accepted twice. */
  lastStep: z.number().int().nonnegative().default(0),
});

/**
 * Records written before roles existed have only `isAdmin`: they read as `admin` when it was set
 * and as `editor` otherwise. `isAdmin` stays stored, always equal to role === 'admin',
 * so older readers keep working.
 */
const withRole = (raw: unknown) =>
  typeof raw === 'object' && raw !== null && !('role' in raw)
    ? { ...raw, role: (raw as { isAdmin?: unknown }).isAdmin === true ? 'admin' : 'editor' }
    : raw;

/** A stored user: one Blobs key per lower-cased username. */
export const userSchema = z.preprocess(
  withRole,
  z
    .object({
      id: z.string().min(1),
      username: z.string().min(3).max(64),
      /** null until the user accepts their invitation, and again after a password reset. */
      passwordHash: z.string().startsWith('$2').nullable(),
      role: roleSchema,
      isAdmin: z.boolean().default(false),
      /** A deactivated user cannot sign in, and their sessions are refused. */
      active: z.boolean().default(true),
      createdAt: timestampSchema,
      lastLoginAt: timestampSchema.optional(),
      /** When the newest invitation or reset link was made: older links no longer work. */
      invitedAt: timestampSchema.optional(),
      /** When the newest forgot-password link was made: older ones no longer work. */
      passwordResetAt: timestampSchema.optional(),
      /** Advanced by every change that ends access or moves the mailbox: links made under an older value no longer work. */
      linkEpoch: z.number().int().nonnegative().default(0),
      /** The verified email address (lower-cased): where password resets go. */
      email: z.string().optional(),
      emailVerifiedAt: timestampSchema.optional(),
      /** An address waiting for its verification link (or for the invitation sent to it) to be used. */
      pendingEmail: z.string().optional(),
      /** When the newest verification link was made: older ones no longer work. */
      emailRequestedAt: timestampSchema.optional(),
      /** Tokens issued before this instant (ms) are refused: set by logout and password change. */
      sessionsValidAfter: z.number().int().nonnegative().default(0),
      twoFactor: twoFactorSchema.optional(),
      /** A secret shown as a QR code, waiting for its first code before it counts. */
      pendingTwoFactorSecret: z.string().optional(),
    })
    .transform((u) => ({ ...u, isAdmin: u.role === 'admin' })),
);
export type User = z.infer<typeof userSchema>;

/** What the login form actually requires (both required; the server message is shown). */
export const loginRequestSchema = z.object({
  username: cleanString('Username is required')
    .trim()
    .min(1, 'Username is required')
    .max(64, 'Username is too long'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password is too long'),
  /** The authenticator code or a recovery code, once the server asked for it. */
  code: z
    .string({ error: 'The code must be text' })
    .trim()
    .max(40, 'The code is too long')
    .optional(),
});

/** Rules for a new password: bcrypt only reads 72 bytes, so longer ones are refused. */
export const newPasswordSchema = cleanString('Password is required')
  .min(12, 'Password must be at least 12 characters')
  .refine(
    (p) => new TextEncoder().encode(p).length <= 72,
    'Password must be at most 72 bytes (bcrypt ignores the rest)',
  );

/** The current-user view (plus the role and two-factor state): never carries secrets. */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  isAdmin: z.boolean(),
  role: roleSchema,
  isAuthenticated: z.literal(true),
  twoFactorEnabled: z.boolean(),
  /** Admins must set up two-factor sign-in before anything else (the site requires it). */
  mustSetUpTwoFactor: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
