// GET    /api/admin/contact-forms?page=1&pageSize=20 (admin) -> { items (newest first), total, page, pageSize }
// GET    /api/admin/contact-forms/:id                (admin) -> one message
// PATCH  /api/admin/contact-forms/:id {read}         (admin) -> the updated message
// DELETE /api/admin/contact-forms/:id                (admin) -> { message }
import { z } from 'zod';
import {
  getContactForm,
  listContactForms,
  markContactForm,
  removeContactForm,
} from '../../src/server/visitors/contact-forms';
import { requirePermission } from '../../src/server/auth/guard';
import { json, parseWith, readJson, route } from '../../src/server/http/http';
import { keyParam, pageQuerySchema, queryOf } from '../../src/server/storage/records';

const readSchema = z.strictObject({ read: z.boolean({ error: 'read must be true or false' }) });
const idOf = (params: Record<string, string>) => keyParam(params.id, 'Message');

export default route({
  async GET(req, ctx) {
    await requirePermission(req, 'personal-data');
    if (ctx.params.id) return json(await getContactForm(idOf(ctx.params)));
    return json(await listContactForms(parseWith(pageQuerySchema, queryOf(req))));
  },
  async PATCH(req, ctx) {
    const user = await requirePermission(req, 'personal-data');
    const id = idOf(ctx.params);
    const { read } = await readJson(req, readSchema);
    return json(await markContactForm(user, id, read));
  },
  async DELETE(req, ctx) {
    const user = await requirePermission(req, 'personal-data');
    await removeContactForm(user, idOf(ctx.params));
    return json({ message: 'Message deleted' });
  },
});

export const config = { path: ['/api/admin/contact-forms', '/api/admin/contact-forms/:id'] };
