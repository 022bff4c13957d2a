import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Confirmation links carry `<subscription id>.<secret>`: the id finds the record, and only the
 * SHA-256 of the 256-bit secret is stored, so a reader of the store cannot confirm anyone. A newer
 * link replaces the hash, and confirming clears it, so each link works once.
 */
const TOKEN = /^([a-f0-9]{64})\.([\w-]{43})$/;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A fresh token for a subscription, and the hash to store. */
export function newConfirmToken(id: string): { token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${id}.${secret}`, hash: hashOf(secret) };
}

/** The subscription id and secret hash a token names; null when it cannot be one of ours. */
export function readConfirmToken(token: string): { id: string; hash: string } | null {
  const m = TOKEN.exec(token);
  return m ? { id: m[1]!, hash: hashOf(m[2]!) } : null;
}

/** Compares stored and presented hashes in constant time. */
export function sameHash(a: string | undefined, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
