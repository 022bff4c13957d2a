// Scheduled (every minute, Netlify's scheduled functions; the local platform runs the same
// schedule): starts the build that takes a scheduled publication or event live at its publish
// time, and warns admins shortly before a release when the last build failed.
import { checkReleases } from '../../src/server/releases';

export default async (): Promise<Response> => {
  const result = await checkReleases();
  return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
};

export const config = { schedule: '* * * * *' };
