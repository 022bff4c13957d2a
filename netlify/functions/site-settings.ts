// GET   /api/site-settings -> the settings record (public)
// PATCH /api/site-settings {field: value, ..., _expected?: {field: startValue}} (editor) -> updated settings;
//       409 with the current values when a field in _expected changed meanwhile; recorded and rebuilt
import { siteSettingsPatchSchema } from '../../src/schemas/site-settings';
import { CACHE_TAGS, cdnCacheHeaders } from '../../src/server/http/cdn-cache';
import { requirePermission } from '../../src/server/auth/guard';
import { json, readPatch, route } from '../../src/server/http/http';
import {
  getSiteSettings,
  saveSiteSettings,
  SITE_SETTINGS_FIELDS,
} from '../../src/server/content/site-settings';

export default route({
  async GET() {
    return json(await getSiteSettings(), {
      cache: 'public, max-age=0, must-revalidate',
      headers: cdnCacheHeaders(CACHE_TAGS.siteSettings),
    });
  },
  async PATCH(req) {
    const user = await requirePermission(req, 'content');
    const { patch, expected } = await readPatch(req, siteSettingsPatchSchema, SITE_SETTINGS_FIELDS);
    return json(await saveSiteSettings(user, patch, expected));
  },
});

export const config = { path: '/api/site-settings' };
