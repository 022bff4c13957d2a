/**
 * What a build leaves out. Every value the API accepts renders, but a record stored under older
 * rules (or one a future bug cannot render) must not stop the rest of the site from publishing:
 * the build tries each record's renderings once, leaves out a record that throws, and writes
 * which records it left out, where and why, into a store of this deploy. Netlify lets a build
 * write deploy-scoped stores only (never the site's), and the deploy-succeeded event function
 * reads it back, so the admin sees "published, except: …" instead of a failed build.
 */
import { getDeployStore } from '@netlify/blobs';
import { z } from 'zod';

export const skippedRecordSchema = z.object({
  kind: z.enum(['publication', 'event']),
  id: z.string(),
  title: z.string(),
  page: z.string(),
  reason: z.string(),
});
export type SkippedRecord = z.infer<typeof skippedRecordSchema>;

const STORE = 'publish-report';

/**
 * Which records passed the render check in an earlier build of the same code, so that a rebuild
 * checks only what changed (src/server/workflows/render-check-memo.ts). The check is a pure
 * function of what the memo's key covers, so a pass it remembers would pass again.
 */
export interface RenderCheckMemo<T> {
  passed(item: T): boolean;
  pass(item: T): void;
  /** Keeps this build's passes, and only those, for the next build. */
  save(): Promise<void>;
}

/**
 * Keeps the records whose renderings (`render`: every output built from one record) do not
 * throw; reports the others to this deploy's store. Never throws itself: a report that cannot be
 * written is logged and the build goes on.
 */
export async function keepRenderable<T extends { id: string; title: string }>(
  kind: SkippedRecord['kind'],
  items: readonly T[],
  pageOf: (item: T) => string,
  render: (item: T) => unknown,
  memo?: RenderCheckMemo<T>,
): Promise<T[]> {
  const kept: T[] = [];
  const skipped: SkippedRecord[] = [];
  for (const item of items) {
    if (memo?.passed(item)) {
      kept.push(item);
      continue;
    }
    try {
      render(item);
      kept.push(item);
      memo?.pass(item);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      skipped.push({
        kind,
        id: item.id,
        title: item.title,
        page: pageOf(item),
        reason: reason.slice(0, 500),
      });
      console.warn(
        `Left out of this build: ${kind} "${item.title}" (${item.id}, ${pageOf(item)}): ${reason}`,
      );
    }
  }
  await writeReport(kind, skipped);
  await memo?.save().catch((error: unknown) => {
    // Only the next build's speed depends on it: that build checks every record again.
    console.warn(
      `The ${kind} render checks could not be kept for the next build: ${String(error)}`,
    );
  });
  return kept;
}

async function writeReport(kind: SkippedRecord['kind'], skipped: SkippedRecord[]): Promise<void> {
  try {
    // Only a build has a deploy: `astro dev` and tests reading content outside a build have none.
    await getDeployStore(STORE).setJSON(kind, skipped);
  } catch (error) {
    if (skipped.length)
      console.warn(
        `Could not record the ${skipped.length} records left out of this build: ${String(error)}`,
      );
  }
}

/** What the build of deploy `deployID` left out (read by the deploy-succeeded function). */
export async function readSkipped(deployID: string | undefined): Promise<SkippedRecord[]> {
  if (!deployID) return [];
  try {
    const store = getDeployStore({ name: STORE, deployID });
    const lists = await Promise.all(
      skippedRecordSchema.shape.kind.options.map((kind) => store.get(kind, { type: 'json' })),
    );
    return lists.flatMap((list) =>
      z
        .array(skippedRecordSchema)
        .catch([])
        .parse(list ?? []),
    );
  } catch (error) {
    console.error(`Could not read what deploy ${deployID} left out: ${String(error)}`);
    return [];
  }
}
