// Scheduled (hourly, Netlify's scheduled functions; the local platform runs the same schedule):
// forgets newsletter signups whose confirmation link ran out (7 days). Lists already hide them.
import { forgetExpiredSignups } from '../../src/server/visitors/newsletter';

export default async (): Promise<Response> => {
  const forgotten = await forgetExpiredSignups();
  return new Response(JSON.stringify({ forgotten }), {
    headers: { 'Content-Type': 'application/json' },
  });
};

export const config = { schedule: '17 * * * *' };
