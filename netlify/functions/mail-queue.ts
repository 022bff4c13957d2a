// Scheduled (every minute, Netlify's scheduled functions; the local platform runs the same
// schedule): delivers queued mail that is due, which is every retry and any message whose first
// delivery after its request was cut short. Messages that keep failing are kept for admins.
import { sweepQueue } from '../../src/server/outbound/mail-queue';

export default async (): Promise<Response> => {
  const result = await sweepQueue();
  return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
};

export const config = { schedule: '* * * * *' };
