/**
 * Hits stored by earlier versions, one key each: `shards/<minute>/<id>.<hit as base64url JSON>`
 * with an empty value. Nothing writes them any more; those left from before a deploy are still
 * counted in today's figures and folded by the rollup (their id noted like a tally's seal) until
 * none is left.
 */
import { hitSchema, type Hit } from '../../schemas/analytics';

/** A per-hit key's minute, id and hit; null for a key that is not a valid one. */
export function decodeLegacyShard(key: string): { minute: string; id: string; hit: Hit } | null {
  const match = /^shards\/(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})\/([A-Za-z0-9]+)\.([A-Za-z0-9_-]+)$/.exec(
    key,
  );
  if (!match) return null;
  try {
    const [kind, path, host, ref] = JSON.parse(
      Buffer.from(match[3]!, 'base64url').toString('utf8'),
    ) as unknown[];
    const hit = hitSchema.safeParse({ kind, path, host, ref });
    return hit.success ? { minute: match[1]!, id: match[2]!, hit: hit.data } : null;
  } catch {
    return null;
  }
}
