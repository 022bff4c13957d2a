// Scheduled (every minute, Netlify's scheduled functions; the local platform runs the same
// schedule): starts issues whose scheduled time has come, and starts the background sender again
// when an issue is sending and no run holds it (a run that reached its time limit, or died).
import { checkSends } from '../../src/server/workflows/newsletter/send-control';

export default async (): Promise<Response> => {
  const result = await checkSends();
  return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
};

export const config = { schedule: '* * * * *' };
