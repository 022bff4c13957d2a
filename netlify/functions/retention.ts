// Scheduled (hourly, Netlify's scheduled functions; the local platform runs the same schedule):
// deletes the personal data whose retention period has passed, as the privacy notice states.
import { applyRetention } from '../../src/server/workflows/retention';

export default async (): Promise<Response> => {
  const result = await applyRetention();
  return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
};

export const config = { schedule: '@hourly' };
