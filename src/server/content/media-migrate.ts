/**
 * The one-time move of images uploaded before the media library into it. Every image a record
 * or site text shows from this site's uploads becomes an asset (its file stays where it is, so
 * every old address keeps serving), and the uses index is set from what the records show.
 * Uploads nothing shows (a visitor's testimonial photo, a file left behind) stay plain uploads.
 *
 * It reads every record once, so it runs in steps within a time budget: each call does what
 * fits and says whether it is done; calling again carries on. Every step is idempotent (an asset
 * is keyed by its file's hash and created only if new; uses are set, not added), so a step cut
 * short or run twice changes nothing more. When a run finds nothing left to do it writes the
 * `migrated` marker.
 */
import { z } from 'zod';
import type { AssetUse } from '../../schemas/media';
import { SETTINGS_IMAGE_KEYS } from '../../schemas/site-settings';
import { MEDIA_KEYS } from '../storage/keys';
import { openStore, STORES, writeJSON } from '../storage/store';
import { imagesByField, setUses, useLabel, usesOf } from '../publishing/media-uses';
import { COLLECTIONS } from './collections';
import { assetOfFile, storeAsset } from './media';
import { getSiteSettings } from './site-settings';
import { checkImage, readImage } from './uploads';

const store = () => openStore(STORES.media);
const markerSchema = z.object({ at: z.string(), assets: z.number(), files: z.number() });

/** Fields whose image is a person's portrait: the fixed crop kept their top, and so does their focal point. */
const PORTRAITS = new Set(['team-members:image', 'site-settings:founderImage']);

export interface MigrationStep {
  done: boolean;
  /** Assets made in this step. */
  created: number;
  /** Files whose uses were set in this step. */
  indexed: number;
  /** Files a record shows that could not be read as an image (left as they are). */
  skipped: string[];
}

/** Every image upload a record or the site texts show, with where. */
async function scanUses(): Promise<Map<string, AssetUse[]>> {
  const found = new Map<string, AssetUse[]>();
  const add = (target: string, record: unknown) => {
    const label = useLabel(target, record);
    for (const [file, fields] of imagesByField(record)) {
      const list = found.get(file) ?? [];
      for (const field of fields) list.push({ target, field, label });
      found.set(file, list);
    }
  };
  for (const [name, collection] of Object.entries(COLLECTIONS))
    for (const item of await collection.list()) add(`${name}/${item.id}`, item);
  const settings = (await getSiteSettings()) as Record<string, unknown>;
  add('site-settings', Object.fromEntries(SETTINGS_IMAGE_KEYS.map((k) => [k, settings[k]])));
  return found;
}

const sameUses = (a: AssetUse[], b: AssetUse[]) =>
  a.length === b.length &&
  a.every((u) => b.some((v) => v.target === u.target && v.field === u.field));

/** One step of the migration, stopping before `budgetMs` has passed. */
export async function migrateUploads(budgetMs = 6000): Promise<MigrationStep> {
  const until = Date.now() + budgetMs;
  const step: MigrationStep = { done: false, created: 0, indexed: 0, skipped: [] };
  const uses = await scanUses();
  let assets = 0;
  for (const [file, shownIn] of uses) {
    if (Date.now() > until) return step;
    if (!(await assetOfFile(file))) {
      const found = await readImage(file);
      let image;
      try {
        image = found && (await checkImage(new Uint8Array(found.bytes)));
      } catch {
        image = null;
      }
      if (!image) {
        step.skipped.push(file);
        continue;
      }
      const portrait = shownIn.some((u) => PORTRAITS.has(`${u.target.split('/')[0]}:${u.field}`));
      await storeAsset(
        { ...image, fileName: file },
        { uploadedBy: '', ...(portrait ? { focalY: 0 } : {}) },
      );
      step.created++;
    }
    assets++;
    if (!sameUses(await usesOf(file), shownIn)) {
      await setUses(file, shownIn);
      step.indexed++;
    }
  }
  await writeJSON(store(), MEDIA_KEYS.migrated, markerSchema, {
    at: new Date().toISOString(),
    assets,
    files: uses.size,
  });
  step.done = true;
  return step;
}
