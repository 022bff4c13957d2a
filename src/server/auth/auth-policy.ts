import { authPolicySchema, type AuthPolicy } from '../../schemas/account';
import { openStore, singleDocument, STORES } from '../storage/store';

const policy = singleDocument(
  () => openStore(STORES.system),
  'auth-policy',
  authPolicySchema,
  (): AuthPolicy => ({ requireTwoFactorForAdmins: false }),
);

/** The site's sign-in rules (one small record). */
export const getAuthPolicy = (): Promise<AuthPolicy> => policy.read();

/** Replaces the sign-in rules. */
export const setAuthPolicy = (next: AuthPolicy): Promise<AuthPolicy> => policy.update(() => next);
