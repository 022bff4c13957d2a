// GET   /api/site-settings -> the settings record (public)
// PATCH /api/site-settings {field: value, ..., _expected?: {field: startValue}} (editor) -> updated settings
//       (a contributor's, or an editor's under the two-person rule: 202 {proposal}, nothing changes yet);
//       409 with the current values when a field in _expected changed meanwhile; recorded and rebuilt
import { SITE_SETTINGS_SUBJECT } from '../../src/schemas/proposal';
import { SETTINGS_IMAGE_KEYS, siteSettingsPatchSchema } from '../../src/schemas/site-settings';
import { importImages } from '../../src/server/content/image-import';
import { acceptedAsProposal, propose } from '../../src/server/workflows/proposals';
import { mustPropose } from '../../src/server/workflows/review-policy';
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
    const user = await requirePermission(req, 'edit');
    const { patch, expected } = await readPatch(req, siteSettingsPatchSchema, SITE_SETTINGS_FIELDS);
    // Review before publish: this save waits for a second person (workflows/proposals/).
    if (await mustPropose(user)) {
      const changes = await importImages(patch, SETTINGS_IMAGE_KEYS);
      return acceptedAsProposal(
        await propose(user, {
          subject: SITE_SETTINGS_SUBJECT,
          action: 'update',
          changes,
          expected,
        }),
      );
    }
    return json(await saveSiteSettings(user, patch, expected));
  },
});

export const config = { path: '/api/site-settings' };
