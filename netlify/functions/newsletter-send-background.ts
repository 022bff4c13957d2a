// POST /api/newsletter/send-run (background: Netlify answers 202 at once and runs this for up to
// 15 minutes): sends every issue in 'sending' whose lease is free, batch by batch, and leaves a
// cursor when its time is up. It takes nothing from the request: anyone may start it, and all it
// can do is carry on with sends admins started (the lease keeps runs from overlapping).
import type { FnContext } from '../../src/server/http/http';
import { withInvocation } from '../../src/server/http/invocation';
import { runSends } from '../../src/server/workflows/newsletter/sender';

export default async (req: Request, context: Partial<FnContext> = {}): Promise<Response> => {
  try {
    const result = await withInvocation(
      { waitUntil: context.waitUntil, origin: new URL(req.url).origin },
      () => runSends(),
    );
    return new Response(JSON.stringify(result), { status: 200 });
  } catch (error) {
    // The scheduled check starts the next run once this run's lease has run out.
    console.error('The newsletter sender stopped:', error instanceof Error ? error.message : error);
    return new Response(null, { status: 500 });
  }
};

export const config = { path: '/api/newsletter/send-run', method: 'POST' };
