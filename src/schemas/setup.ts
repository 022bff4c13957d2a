import { z } from 'zod';
import { userEmailSchema, usernameSchema } from './account';
import { newPasswordSchema } from './user';

/*
 * /setup: the first admin, made from the web with the one-time setup code, and the same form in
 * "recover" mode with the recovery code from the site's environment (RECOVERY_CODE).
 */

const codeSchema = z
  .string({ error: 'Enter the code' })
  .trim()
  .min(1, 'Enter the code')
  .max(200, 'That code is not right');

/** POST /api/setup: the first admin. The address is confirmed by a link, as on My account. */
export const setupRequestSchema = z.strictObject({
  code: codeSchema,
  username: usernameSchema,
  email: userEmailSchema,
  password: newPasswordSchema,
});
export type SetupRequest = z.infer<typeof setupRequestSchema>;

/** POST /api/setup/recover: re-create an admin, or reset an existing account's password. */
export const recoverRequestSchema = z.strictObject({
  code: codeSchema,
  username: usernameSchema,
  password: newPasswordSchema,
});
export type RecoverRequest = z.infer<typeof recoverRequestSchema>;

/** What both answer: the signed-in admin, and what happened to the email address. */
export interface SetupAnswer {
  username: string;
  message: string;
}
