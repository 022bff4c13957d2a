// GET /api/admin/newsletter-settings (editor) -> { editorsMaySendNewsletter, newsletterRatePerSecond, digestAutoSend, digestDelayMinutes }
// PUT /api/admin/newsletter-settings (admin) any of those -> the settings
import { newsletterSettingsSchema } from '../../src/schemas/notifications';
import { requirePermission } from '../../src/server/auth/guard';
import { json, readJson, route } from '../../src/server/http/http';
import {
  getNewsletterSettings,
  setNewsletterSettings,
} from '../../src/server/workflows/newsletter/sending-settings';

export default route({
  async GET(req) {
    // Editors read them too: the admin shows them whether they may send.
    await requirePermission(req, 'content');
    return json(await getNewsletterSettings());
  },
  async PUT(req) {
    // Who may mail every subscriber is an admin's choice.
    const user = await requirePermission(req, 'users');
    return json(await setNewsletterSettings(user, await readJson(req, newsletterSettingsSchema)));
  },
});

export const config = { path: '/api/admin/newsletter-settings' };
