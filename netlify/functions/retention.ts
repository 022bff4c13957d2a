// Scheduled (hourly, Netlify's scheduled functions; the local platform runs the same schedule):
// deletes the personal data whose retention period has passed, as the privacy notice states, and
// the CSV exports whose day is up.
import { sweepExports } from '../../src/server/workflows/exports';
import { applyRetention } from '../../src/server/workflows/retention';

export default async (): Promise<Response> => {
  const result = { ...(await applyRetention()), exports: await sweepExports() };
  return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
};

export const config = { schedule: '@hourly' };
