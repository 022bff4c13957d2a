// Scheduled (every minute, Netlify's scheduled functions; the local platform runs the same
// schedule): folds the visit counts' tallies into daily aggregates, deletes them and the days older
// than the retention setting, and sweeps the beacon throttle's expired entries.
import { rollUpHits } from '../../src/server/visitors/analytics-rollup';
import { sweepBeaconThrottle } from '../../src/server/auth/throttle';

export default async (): Promise<Response> => {
  const result = { ...(await rollUpHits()), throttleSwept: await sweepBeaconThrottle() };
  return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
};

export const config = { schedule: '* * * * *' };
