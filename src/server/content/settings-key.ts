/**
 * The one read of the site settings a hot path needs: kept apart from
 * site-settings.ts, whose saves pull in image import and the change pipeline, so that the visit
 * beacon's function loads only the schema and the store.
 */
import { siteSettingsSchema } from '../../schemas/site-settings';
import { SITE_SETTINGS_KEY } from '../storage/keys';
import { openStore, readJSONShared, STORES } from '../storage/store';

/**
 * Whether built-in visit counting is on, read the cheap way: a warm function asks only whether
 * the settings changed (If-None-Match), so every counted hit does not parse them again.
 */
export async function countingOn(): Promise<boolean> {
  const found = await readJSONShared(
    openStore(STORES.content),
    SITE_SETTINGS_KEY,
    siteSettingsSchema,
  );
  return found?.countVisits ?? true;
}
