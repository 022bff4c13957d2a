import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Newsletter links carry `<subscription id>.<secret>`: the id finds the record, and the secret
 * proves the link came from one of our emails.
 * - Confirmation links: only the SHA-256 of the secret is stored, so a reader of the store cannot
 *   confirm anyone. A newer link replaces the hash, and confirming clears it, so each works once.
 * - Unsubscribe links: the secret itself is stored (every newsletter email must carry a working
 *   link), set anew at each confirmation and dropped on unsubscribing, so each works once.
 */
const TOKEN = /^([a-f0-9]{64})\.([\w-]{43})$/;

export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A fresh 256-bit secret for a link. */
export const newLinkSecret = () => randomBytes(32).toString('base64url');

/** The token of a link to a subscription. */
export const linkToken = (id: string, secret: string) => `${id}.${secret}`;

/** A fresh confirmation token for a subscription, and the hash to store. */
export function newConfirmToken(id: string): { token: string; hash: string } {
  const secret = newLinkSecret();
  return { token: linkToken(id, secret), hash: secretHash(secret) };
}

/** The subscription id and secret hash a token names; null when it cannot be one of ours. */
export function readLinkToken(token: string): { id: string; hash: string } | null {
  const m = TOKEN.exec(token);
  return m ? { id: m[1]!, hash: secretHash(m[2]!) } : null;
}

/** Compares stored and presented hashes in constant time. */
export function sameHash(a: string | undefined, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
