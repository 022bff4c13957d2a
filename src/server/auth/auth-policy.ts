import { authPolicySchema, type AuthPolicy } from '../../schemas/account';
import { openStore, readJSON, STORES, writeJSON } from '../storage/store';

const KEY = 'auth-policy';
const DEFAULT: AuthPolicy = { requireTwoFactorForAdmins: false };

/** The site's sign-in rules (one small record). */
export async function getAuthPolicy(): Promise<AuthPolicy> {
  return (await readJSON(openStore(STORES.system), KEY, authPolicySchema))?.value ?? DEFAULT;
}

/** Replaces the sign-in rules. */
export async function setAuthPolicy(policy: AuthPolicy): Promise<AuthPolicy> {
  return writeJSON(openStore(STORES.system), KEY, authPolicySchema, policy);
}
