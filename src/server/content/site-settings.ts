import { slugify } from '../../lib/slug';
import {
  SETTINGS_IMAGE_KEYS,
  siteSettingsSchema,
  type SiteSettings,
  type SiteSettingsPatch,
} from '../../schemas/site-settings';
import type { User } from '../../schemas/user';
import { CACHE_TAGS, purgeTags } from '../http/cdn-cache';
import { commitChange } from '../publishing/history';
import { assertThumbnailDescribed } from './image-alt';
import { SITE_SETTINGS_KEY } from '../storage/keys';
import { importImages } from './image-import';
import { assertExpected, openStore, readJSON, STORES, updateJSON } from '../storage/store';

const KEY = SITE_SETTINGS_KEY;

/** Names of the settings fields (used to vet `_expected` maps). */
export const SITE_SETTINGS_FIELDS = Object.keys(siteSettingsSchema.shape);

/** The stored settings with every field present (empty texts mean 'use the default'). */
export async function getSiteSettings(): Promise<SiteSettings> {
  const found = await readJSON(openStore(STORES.content), KEY, siteSettingsSchema);
  return found?.value ?? siteSettingsSchema.parse({});
}

/**
 * Merges changed fields into the settings (etag-guarded), returning before and after. With
 * `expected`, the check runs on the fresh record inside the retry loop, so a field someone
 * else changed meanwhile is a 409 rather than a silent overwrite.
 */
export async function patchSiteSettings(
  patch: SiteSettingsPatch,
  expected?: Record<string, unknown>,
): Promise<{ before: SiteSettings; after: SiteSettings }> {
  let before = siteSettingsSchema.parse({});
  const after = await updateJSON(
    openStore(STORES.content),
    KEY,
    siteSettingsSchema,
    () => ({}),
    (current) => {
      before = current;
      assertExpected(current, expected);
      // A renamed founder keeps their old page address: it is kept here and redirects.
      const oldSlug = slugify(current.founderName.trim());
      const renamed =
        patch.founderName !== undefined &&
        oldSlug !== '' &&
        slugify(patch.founderName.trim()) !== oldSlug;
      const founderSlugs =
        renamed && !current.founderSlugs.includes(oldSlug)
          ? [...current.founderSlugs, oldSlug].slice(-200)
          : current.founderSlugs;
      const merged = { ...current, ...patch, founderSlugs, updatedAt: new Date().toISOString() };
      assertThumbnailDescribed(merged, Object.keys(patch));
      return merged;
    },
  );
  await purgeTags(CACHE_TAGS.siteSettings);
  return { before, after };
}

/** The given fields of a record (history keeps only what a settings change touched). */
export function pickFields(
  record: Record<string, unknown>,
  keys: string[],
): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, record[k]]));
}

/**
 * An admin's settings save: images elsewhere brought onto this site, merge (with the optional
 * `_expected` check), record history, ask for a rebuild.
 */
export async function saveSiteSettings(
  user: Pick<User, 'username'>,
  patch: SiteSettingsPatch,
  expected?: Record<string, unknown>,
): Promise<SiteSettings> {
  const { before, after } = await patchSiteSettings(
    await importImages(patch, SETTINGS_IMAGE_KEYS),
    expected,
  );
  const keys = Object.keys(patch);
  await commitChange(user, {
    action: 'update',
    target: 'site-settings',
    summary: keys.join(', '),
    before: pickFields(before, keys),
    after: pickFields(after, keys),
  });
  return after;
}
