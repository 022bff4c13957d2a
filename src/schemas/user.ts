import { z } from 'zod';
import { cleanString, timestampSchema } from './common';

/** A stored user: one Blobs key per lower-cased username. */
export const userSchema = z.object({
  id: z.string().min(1),
  username: z.string().min(3).max(64),
  passwordHash: z.string().startsWith('$2'),
  isAdmin: z.boolean().default(false),
  createdAt: timestampSchema,
  /** Tokens issued before this instant (ms) are refused: set by logout and password change. */
  sessionsValidAfter: z.number().int().nonnegative().default(0),
});
export type User = z.infer<typeof userSchema>;

/** What the login form actually requires (spec §5: both required; the server message is shown). */
export const loginRequestSchema = z.object({
  username: cleanString('Username is required').trim().min(1, 'Username is required').max(64, 'Username is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});

/** Rules for a new password: bcrypt only reads 72 bytes, so longer ones are refused. */
export const newPasswordSchema = z
  .string()
  .min(12, 'Password must be at least 12 characters')
  .refine((p) => new TextEncoder().encode(p).length <= 72, 'Password must be at most 72 bytes');

/** The current-user view (spec §3): never carries the hash. */
export const currentUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  isAdmin: z.boolean(),
  isAuthenticated: z.literal(true),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
