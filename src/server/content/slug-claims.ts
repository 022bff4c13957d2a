import type { Store } from '@netlify/blobs';
import { z } from 'zod';
import { COLLECTION_KEYS } from '../storage/keys';
import { forEachLimited, listKeys } from '../storage/records';
import { createJSON, deleteKey, updateJSON } from '../storage/store';

/*
 * Who holds each slug of a collection kept one key per record, so that a save checks its slug
 * with one read and one write whatever the collection holds (not against every index row).
 *
 * - The claims live in SHARDS documents, `<name>-slugs/<xx>`, xx the slug's hash (shardOf): each
 *   maps a slug to { id, at }, the record holding it and when the claim was made. A claim is one
 *   etag-guarded change of one shard, so two records never win the same slug.
 * - A record claims a slug before its record says so (claim, then write the record), so every
 *   slug a record carries, current or previous, is claimed by it. Slugs leave a record only when
 *   it is deleted; previous slugs stay claimed, for their redirects.
 * - A claim stands while its holder's record carries the slug, or while it is younger than
 *   ABANDONED_MS (its save may still be writing the record). Any other claim is left from a save
 *   that died or lost a race, or from a deleted record: the next record asking for that slug takes
 *   it over. Nothing is released by hand, so nothing is left half-released.
 * - A store whose shards do not exist yet (written before claims existed, or reseeded) gets
 *   them from its index rows the first time a claim needs one: every missing shard is created
 *   once, only if still missing (a shard that exists is complete: each later slug went through a
 *   claim on it). No step anyone runs.
 */

const SHARDS = 256;
/**
 * A claim not carried by its record after this long was made by a save that failed or died: no
 * save takes this long between its claim and its record (a function runs 15 minutes at most).
 */
const ABANDONED_MS = 30 * 60_000;

const shardSchema = z.object({
  slugs: z.record(z.string(), z.object({ id: z.string(), at: z.number() })),
});
type Shard = z.infer<typeof shardSchema>;

/** The shard of a slug: FNV-1a of its UTF-16 units, two hex digits (stored keys depend on it). */
export function shardOf(slug: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < slug.length; i++) hash = Math.imul(hash ^ slug.charCodeAt(i), 0x01000193);
  return ((hash >>> 0) % SHARDS).toString(16).padStart(2, '0');
}

/** Thrown inside a shard update when the shard does not exist yet. */
class ShardMissing {}
/** Thrown inside a shard update when another record holds the slug. */
class Held {}

export interface SlugClaimOptions {
  name: string;
  store: () => Store;
  /** Every index row (id and slugs): what missing shards are made from. */
  rows: () => Promise<readonly { id: string; slug: string; previousSlugs: string[] }[]>;
  /** Whether this record, as stored now and not deleted, carries the slug (current or previous). */
  carries: (id: string, slug: string) => Promise<boolean>;
}

export function slugClaims(o: SlugClaimOptions) {
  const keyOf = (slug: string) => COLLECTION_KEYS.slugShard(o.name, shardOf(slug));

  /** Creates every shard not there yet from the index rows (see above). */
  async function makeShards(): Promise<void> {
    const shards = new Map<string, Shard>();
    for (const row of await o.rows())
      for (const slug of [row.slug, ...row.previousSlugs]) {
        const key = keyOf(slug);
        const shard = shards.get(key) ?? { slugs: {} };
        shard.slugs[slug] ??= { id: row.id, at: 0 };
        shards.set(key, shard);
      }
    const all = Array.from({ length: SHARDS }, (_, n) =>
      COLLECTION_KEYS.slugShard(o.name, n.toString(16).padStart(2, '0')),
    );
    const existing = new Set(await listKeys(o.store(), COLLECTION_KEYS.slugShards(o.name)));
    await forEachLimited(
      all.filter((key) => !existing.has(key)),
      16,
      (key) => createJSON(o.store(), key, shardSchema, shards.get(key) ?? { slugs: {} }),
    );
  }

  return {
    /**
     * Claims `slug` for record `id`: true when it is now this record's, false when another record
     * holds it. A claim this record made before is renewed (its record may not carry it yet).
     */
    async claim(id: string, slug: string): Promise<boolean> {
      for (;;) {
        try {
          await updateJSON(
            o.store(),
            keyOf(slug),
            shardSchema,
            () => {
              throw new ShardMissing();
            },
            async (shard) => {
              const now = Date.now();
              const held = shard.slugs[slug];
              if (
                held &&
                held.id !== id &&
                (now - held.at < ABANDONED_MS || (await o.carries(held.id, slug)))
              )
                throw new Held();
              return { slugs: { ...shard.slugs, [slug]: { id, at: now } } };
            },
          );
          return true;
        } catch (error) {
          if (error instanceof Held) return false;
          if (!(error instanceof ShardMissing)) throw error;
          await makeShards();
        }
      }
    },
    /** Forgets every claim (the collection is replaced whole): the shards are made again when next needed. */
    async reset(): Promise<void> {
      const keys = await listKeys(o.store(), COLLECTION_KEYS.slugShards(o.name));
      await forEachLimited(keys, 16, (key) => deleteKey(o.store(), key));
    },
  };
}
