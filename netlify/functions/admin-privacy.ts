// GET  /api/admin/privacy/person?email=&name= (personal data) -> what the site holds about that person
// POST /api/admin/privacy/erase {email, name?} (personal data) -> what was erased (counts)
// GET  /api/admin/privacy/audit                (personal data) -> the newest erasures and exports, newest first
import { z } from 'zod';
import { listAudit } from '../../src/server/visitors/audit-log';
import { erasePerson, findPerson } from '../../src/server/workflows/erasure';
import { HttpError } from '../../src/server/http/errors';
import { requirePermission } from '../../src/server/auth/guard';
import { json, parseWith, readJson, route } from '../../src/server/http/http';
import { queryOf } from '../../src/server/storage/records';

const personFields = {
  email: z.string().trim().max(254, 'The address is too long').default(''),
  name: z.string().trim().max(120, 'The name is too long').default(''),
};
const givesSomeone = (p: { email: string; name: string }) => p.email !== '' || p.name !== '';
const someone = { message: 'Give an email address or a name', path: ['email'] };
const personSchema = z.object(personFields).refine(givesSomeone, someone);
const eraseSchema = z.strictObject(personFields).refine(givesSomeone, someone);

const notHere = (method: string, allow: string) =>
  new HttpError(405, `Method ${method} is not allowed here`, undefined, { Allow: allow });

export default route({
  async GET(req, ctx) {
    await requirePermission(req, 'personal-data');
    if (ctx.params.action === 'person')
      return json(await findPerson(parseWith(personSchema, queryOf(req))));
    if (ctx.params.action === 'audit') return json({ items: await listAudit() });
    if (ctx.params.action === 'erase') throw notHere('GET', 'POST');
    throw new HttpError(404, 'Not found');
  },
  async POST(req, ctx) {
    const user = await requirePermission(req, 'personal-data');
    if (ctx.params.action !== 'erase')
      throw ctx.params.action === 'person' || ctx.params.action === 'audit'
        ? notHere('POST', 'GET')
        : new HttpError(404, 'Not found');
    return json(await erasePerson(user, await readJson(req, eraseSchema)));
  },
});

export const config = { path: '/api/admin/privacy/:action' };
