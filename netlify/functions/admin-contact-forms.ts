// GET    /api/admin/contact-forms?page=1&pageSize=20 (admin) -> { items (newest first), total, page, pageSize }
// GET    /api/admin/contact-forms/export             (admin) -> CSV download of every message
// GET    /api/admin/contact-forms/:id                (admin) -> one message
// PATCH  /api/admin/contact-forms/:id {read}         (admin) -> the updated message
// DELETE /api/admin/contact-forms/:id                (admin) -> { message }
import { z } from 'zod';
import { recordAudit } from '../../src/server/visitors/audit-log';
import {
  contactFormBatches,
  getContactForm,
  listContactForms,
  markContactForm,
  removeContactForm,
} from '../../src/server/visitors/contact-forms';
import { csvStreamResponse } from '../../src/server/http/csv';
import { HttpError } from '../../src/server/http/errors';
import { requirePermission } from '../../src/server/auth/guard';
import { json, parseWith, readJson, route } from '../../src/server/http/http';
import { keyParam, pageQuerySchema, queryOf } from '../../src/server/storage/records';

const readSchema = z.strictObject({ read: z.boolean({ error: 'read must be true or false' }) });
const idOf = (params: Record<string, string>) => keyParam(params.id, 'Message');

export default route({
  async GET(req, ctx) {
    const user = await requirePermission(req, 'personal-data');
    // "export" is handled here rather than by its own function so no router precedence is relied on;
    // message ids are generated (digits, dashes, hex) and never equal it.
    if (ctx.params.id === 'export') {
      // Every export of personal data is on record (who, when, what kind).
      await recordAudit(user, { action: 'export', what: 'contact-forms' });
      return csvStreamResponse(
        contactFormBatches(),
        ['createdAt', 'name', 'email', 'subject', 'message', 'read', 'id'],
        'contact-forms',
      );
    }
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
    const id = idOf(ctx.params);
    if (id === 'export')
      throw new HttpError(405, 'Method DELETE is not allowed here', undefined, { Allow: 'GET' });
    await removeContactForm(user, id);
    return json({ message: 'Message deleted' });
  },
});

export const config = { path: ['/api/admin/contact-forms', '/api/admin/contact-forms/:id'] };
