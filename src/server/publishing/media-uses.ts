/**
 * Where each uploaded image is shown: one document per upload key, `uses/<key>` in the media
 * store, listing the records and site texts whose fields hold its address. It is kept by the
 * change pipeline (commitChange sees every change of a record), so asking what shows an image reads
 * one document, never every record. A change that touches no image writes nothing.
 *
 * Only the records pages show count (the collections and the site texts); a visitor's testimonial
 * photo is theirs, not the library's. Addresses are found anywhere in a field (an image field, a
 * figure in a report body).
 */
import { z } from 'zod';
import { assetUseSchema, type AssetUse } from '../../schemas/media';
import { COLLECTION_KEYS, KEYED_COLLECTIONS, MEDIA_KEYS, SITE_SETTINGS_KEY } from '../storage/keys';
import { openStore, readJSON, STORES, updateJSON } from '../storage/store';

/**
 * `rev` counts the document's writes. A version tag names content, not a moment (the local
 * store's are hashes of the bytes): a recount that puts back the uses the document had before
 * would put back that version's tag too, and a recount that read the document then, and the
 * record before it changed, would still land on it with what the record showed then. Counting
 * every write makes each one a new version, on which such a late write is refused and retried.
 */
const usesDocSchema = z.object({
  uses: z.array(assetUseSchema).default([]),
  rev: z.number().int().min(0).default(0),
});
const store = () => openStore(STORES.media);

/** An image upload's address anywhere in a text: `/api/uploads/<sha256>.<ext>`. */
const IMAGE_REF = /\/api\/uploads\/([a-f0-9]{64}\.(?:jpg|png|webp))/g;

/** The targets whose records the pages show: a collection's record, or the site texts. */
const SHOWN_TARGET =
  /^(?:(?:research-areas|team-members|publications|events|stats)\/[^/]+|site-settings)$/;
export const isShownTarget = (target: string): boolean => SHOWN_TARGET.test(target);

/** The image upload keys each top-level field of `record` holds. */
export function imagesByField(record: unknown): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  if (!record || typeof record !== 'object') return found;
  for (const [field, value] of Object.entries(record)) {
    if (value === null || value === undefined) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (!text.includes('/api/uploads/')) continue;
    for (const [, file] of text.matchAll(IMAGE_REF)) {
      const fields = found.get(file!) ?? new Set<string>();
      fields.add(field);
      found.set(file!, fields);
    }
  }
  return found;
}

/** How a use is named in the library: the record's title or name, or "Site texts". */
export function useLabel(target: string, record: unknown): string {
  if (target === 'site-settings') return 'Site texts';
  const r = (record ?? {}) as Record<string, unknown>;
  const label = r.title ?? r.name ?? r.label;
  return typeof label === 'string' && label.trim() ? label.trim().slice(0, 200) : target;
}

/**
 * Brings the uses of one change's images up to date. The change's before and after only say which
 * images it touched (those it added, took away or shows under a new name); what each of them is
 * used for is then read from the record as stored, inside the etag-guarded update of the image's
 * uses document. Two saves of one record can land in one order and reach here in the other: the
 * later writer of a uses document read the record after the earlier one wrote it, so whichever
 * lands last notes what the record shows now, never the state its own change left.
 */
export async function noteImageUses(change: {
  target: string;
  before?: unknown;
  after?: unknown;
}): Promise<void> {
  const { target, before, after } = change;
  if (!isShownTarget(target)) return;
  const was = imagesByField(before);
  const now = imagesByField(after);
  if (was.size === 0 && now.size === 0) return;
  const renamed = useLabel(target, after ?? before) !== useLabel(target, before);
  const same = (a?: Set<string>, b?: Set<string>) =>
    (a?.size ?? 0) === (b?.size ?? 0) && [...(a ?? [])].every((f) => b?.has(f));
  const files = [...new Set([...was.keys(), ...now.keys()])].filter(
    (file) => !same(was.get(file), now.get(file)) || (now.has(file) && renamed),
  );
  for (const file of files) await recountUses(target, file);
}

/** Sets what `target` uses `file` for to what its stored record shows (nothing once it is gone). */
async function recountUses(target: string, file: string): Promise<void> {
  await updateJSON(
    store(),
    MEDIA_KEYS.uses(file),
    usesDocSchema,
    () => ({ uses: [] }),
    async (doc) => {
      // Read after the uses document: a save landing after this read notes its uses after this
      // update's read too, so either this write is refused and retried or that one follows it.
      const record = await storedRecord(target);
      const fields = imagesByField(record).get(file) ?? new Set<string>();
      const label = useLabel(target, record);
      return {
        uses: [
          ...doc.uses.filter((u) => u.target !== target),
          ...[...fields].map((field) => ({ target, field, label })),
        ],
        rev: doc.rev + 1,
      };
    },
  );
}

// Only what the uses need of a record: its fields, read as stored.
const fieldsSchema = z.record(z.string(), z.unknown());
const singleDocSchema = z.object({ items: z.array(fieldsSchema) });
const keyedRecordSchema = z.object({ item: fieldsSchema.optional() });

/**
 * A shown target's record as stored now, or null once deleted: the site texts, a record of a
 * collection kept one key per record, or an item of one kept as one document.
 */
async function storedRecord(target: string): Promise<Record<string, unknown> | null> {
  const content = openStore(STORES.content);
  if (target === SITE_SETTINGS_KEY)
    return (await readJSON(content, SITE_SETTINGS_KEY, fieldsSchema))?.value ?? null;
  const [name, id] = target.split('/') as [string, string];
  if (KEYED_COLLECTIONS.has(name))
    return (
      (await readJSON(content, COLLECTION_KEYS.record(name, id), keyedRecordSchema))?.value.item ??
      null
    );
  const doc = await readJSON(content, COLLECTION_KEYS.single(name), singleDocSchema);
  return doc?.value.items.find((item) => item.id === id) ?? null;
}

/** Every place that shows the upload `file` (its key), as the pipeline last recorded. */
export async function usesOf(file: string): Promise<AssetUse[]> {
  return (await readJSON(store(), MEDIA_KEYS.uses(file), usesDocSchema))?.value.uses ?? [];
}

/**
 * Sets the uses of `file` outright, from a scan of every record (the migration's rebuild of the
 * index): what the scan found replaces what was recorded.
 */
export async function setUses(file: string, uses: AssetUse[]): Promise<void> {
  await updateJSON(
    store(),
    MEDIA_KEYS.uses(file),
    usesDocSchema,
    () => ({ uses: [] }),
    (doc) => ({ uses, rev: doc.rev + 1 }),
  );
}
