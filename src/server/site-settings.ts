import { siteSettingsSchema, type SiteSettings, type SiteSettingsPatch } from '../schemas/site-settings';
import { openStore, readJSON, STORES, updateJSON } from './store';

const KEY = 'site-settings';

/** The stored settings with every field present (empty texts mean 'use the default'). */
export async function getSiteSettings(): Promise<SiteSettings> {
  const found = await readJSON(openStore(STORES.content), KEY, siteSettingsSchema);
  return found?.value ?? siteSettingsSchema.parse({});
}

/** Merges changed fields into the settings (etag-guarded), returning before and after. */
export async function patchSiteSettings(patch: SiteSettingsPatch): Promise<{ before: SiteSettings; after: SiteSettings }> {
  let before = siteSettingsSchema.parse({});
  const after = await updateJSON(
    openStore(STORES.content),
    KEY,
    siteSettingsSchema,
    () => ({}),
    (current) => {
      before = current;
      return { ...current, ...patch, updatedAt: new Date().toISOString() };
    },
  );
  return { before, after };
}
