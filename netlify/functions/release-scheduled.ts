// Scheduled (every minute, Netlify's scheduled functions; the local platform runs the same
// schedule): starts the build that takes a scheduled publication or event live at its publish
// time, warns admins shortly before a release when the last build failed, and prepares the
// newsletter digest of what went public (one per release, see newsletter-issues/digests.ts).
import type { FnContext } from '../../src/server/http/http';
import { withInvocation } from '../../src/server/http/invocation';
import { prepareDigests } from '../../src/server/workflows/newsletter/digests';
import { checkReleases } from '../../src/server/workflows/releases';

export default async (_req: Request, context: Partial<FnContext> = {}): Promise<Response> => {
  // A new warning notes its notification after this answer, kept alive by waitUntil.
  const result = await withInvocation({ waitUntil: context.waitUntil }, () => checkReleases());
  // After the release check, and never in its way: a digest that fails is prepared next minute.
  const digests = await prepareDigests().catch((error: unknown) => {
    console.error('Preparing newsletter digests failed:', (error as Error).message ?? error);
    return 0;
  });
  return new Response(JSON.stringify({ ...result, digests }), {
    headers: { 'Content-Type': 'application/json' },
  });
};

export const config = { schedule: '* * * * *' };
