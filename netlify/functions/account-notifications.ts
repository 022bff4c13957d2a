// GET /api/account/notifications                  (signed in) -> { choices: [{ kind, label, on }], address }: the kinds your role receives
// PUT /api/account/notifications { <kind>: bool }  (signed in) -> the same, after the change
import { notificationChoicesSchema } from '../../src/schemas/notifications';
import { requireUser } from '../../src/server/auth/guard';
import { json, readJson, route } from '../../src/server/http/http';
import { choicesOf, setChoices } from '../../src/server/outbound/notify-settings';

export default route({
  async GET(req) {
    return json(await choicesOf(await requireUser(req)));
  },
  async PUT(req) {
    const user = await requireUser(req);
    return json(await setChoices(user, await readJson(req, notificationChoicesSchema)));
  },
});

export const config = { path: '/api/account/notifications' };
