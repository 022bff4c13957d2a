// POST /api/contact {name, email, subject, message} -> 201 { message } (public, throttled per address)
import { contactInputSchema } from '../../src/schemas/contact-form';
import { createContactForm } from '../../src/server/visitors/contact-forms';
import { json, readJson, route } from '../../src/server/http/http';
import { noteEvent } from '../../src/server/outbound/notify';
import { assertPublicPostAllowed } from '../../src/server/auth/throttle';
import { answerOnce } from '../../src/server/workflows/answer-once';

export default route({
  POST: answerOnce(async (req, ctx) => {
    const input = await readJson(req, contactInputSchema);
    await assertPublicPostAllowed('contact', ctx.ip);
    const saved = await createContactForm(input);
    noteEvent('contact', saved.createdAt);
    return json({ message: 'Message sent' }, { status: 201 });
  }),
});

export const config = { path: '/api/contact' };
