import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { siteSecretKey as keyOf } from './keys';
import { createJSON, openStore, readJSON, STORES } from './store';

/*
 * Secrets the site can make for itself (the session signing key), generated on first use and kept
 * in the `system` store at `secrets/<name>`, so a new site needs no value pasted by hand and the
 * secret survives every deploy and restart. Netlify runs many function instances at once: each
 * creates the key only if it is new, then reads back whichever value landed first, so all of them
 * sign with the same secret.
 */
const secretSchema = z.object({ value: z.string().min(32), createdAt: z.string() });

// Per store (the Blobs context names the site): a warm instance reads each secret once.
const known = new Map<string, string>();

/** The site's own secret `name` (48 random bytes, base64url), created the first time it is asked for. */
export async function siteSecret(name: string): Promise<string> {
  const cacheKey = `${process.env.NETLIFY_BLOBS_CONTEXT ?? ''}|${name}`;
  const cached = known.get(cacheKey);
  if (cached) return cached;
  const store = openStore(STORES.system);
  let found = await readJSON(store, keyOf(name), secretSchema);
  if (!found) {
    await createJSON(store, keyOf(name), secretSchema, {
      value: randomBytes(48).toString('base64url'),
      createdAt: new Date().toISOString(),
    });
    // Whoever created it first, this is the one every instance uses.
    found = await readJSON(store, keyOf(name), secretSchema);
  }
  if (!found) throw new Error(`The site secret ${name} could not be stored`);
  if (known.size > 20) known.clear();
  known.set(cacheKey, found.value.value);
  return found.value.value;
}
