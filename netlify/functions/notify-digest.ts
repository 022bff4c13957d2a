// Scheduled (every minute, Netlify's scheduled functions; the local platform runs the same
// schedule): once a 15-minute notification window is over, sends one email per kind to the team
// members who chose it (and the shared inbox for contact messages), saying how many.
import type { FnContext } from '../../src/server/http/http';
import { withInvocation } from '../../src/server/http/invocation';
import { sendDueDigests } from '../../src/server/workflows/notify-digest';

export default async (_req: Request, context: Partial<FnContext> = {}): Promise<Response> => {
  // The queued messages start delivering after this answer, kept alive by waitUntil.
  const result = await withInvocation({ waitUntil: context.waitUntil }, () => sendDueDigests());
  return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
};

export const config = { schedule: '* * * * *' };
