// GET   /api/site-settings -> the settings record (public)
// PATCH /api/site-settings {field: value, ...} (admin) -> updated settings; asks for a rebuild
import { siteSettingsPatchSchema } from '../../src/schemas/site-settings';
import { requireAdmin } from '../../src/server/guard';
import { json, readJson, route } from '../../src/server/http';
import { requestRebuild } from '../../src/server/publish';
import { getSiteSettings, patchSiteSettings } from '../../src/server/site-settings';

export default route({
  async GET() {
    return json(await getSiteSettings(), { cache: 'public, max-age=0, must-revalidate' });
  },
  async PATCH(req) {
    await requireAdmin(req);
    const patch = await readJson(req, siteSettingsPatchSchema);
    const { after } = await patchSiteSettings(patch);
    await requestRebuild();
    return json(after);
  },
});

export const config = { path: '/api/site-settings' };
