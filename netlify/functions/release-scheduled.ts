// Scheduled (every minute, Netlify's scheduled functions; the local platform runs the same
// schedule): starts the build that takes a scheduled publication or event live at its publish
// time, and warns admins shortly before a release when the last build failed.
import type { FnContext } from '../../src/server/http/http';
import { withInvocation } from '../../src/server/http/invocation';
import { checkReleases } from '../../src/server/workflows/releases';

export default async (_req: Request, context: Partial<FnContext> = {}): Promise<Response> => {
  // A new warning notes its notification after this answer, kept alive by waitUntil.
  const result = await withInvocation({ waitUntil: context.waitUntil }, () => checkReleases());
  return new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } });
};

export const config = { schedule: '* * * * *' };
