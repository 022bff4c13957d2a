// Scheduled (every minute, Netlify's scheduled functions; the local platform runs the same
// schedule): folds the visit counts' shards into daily aggregates, deletes them, and deletes days
// older than the retention setting.
import { rollUpHits } from '../../src/server/visitors/analytics-rollup';

export default async (): Promise<Response> => {
  const result = await rollUpHits();
  return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
};

export const config = { schedule: '* * * * *' };
