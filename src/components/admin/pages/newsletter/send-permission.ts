import type { Role } from '../../../../schemas/roles';

/**
 * Why this user cannot send or schedule issues ('' when they can): admins always; editors draft,
 * test and cancel schedules, and send only when an admin allowed it. The server enforces the same rule.
 */
export function whyNoSend(role: Role, editorsMaySend: boolean): string {
  if (role === 'admin' || editorsMaySend) return '';
  return 'Only admins send or schedule the newsletter. An admin can let editors send it (Email page, Newsletter sending).';
}
