// POST /api/exports/run {id} (background: Netlify answers 202 at once and runs this for up to 15
// minutes): writes the parts of an export job an admin started (POST /api/admin/exports). It can
// do nothing else: anyone may call it, and all it does is carry on a stored job, one run at a
// time (the job's lease keeps runs from overlapping).
import { z } from 'zod';
import type { FnContext } from '../../src/server/http/http';
import { withInvocation } from '../../src/server/http/invocation';
import { runExport } from '../../src/server/workflows/export-run';

const bodySchema = z.object({ id: z.string().regex(/^[0-9a-f-]{36}$/) });

export default async (req: Request, context: Partial<FnContext> = {}): Promise<Response> => {
  const body = bodySchema.safeParse(await req.json().catch(() => null));
  if (!body.success) return new Response(null, { status: 400 });
  try {
    const outcome = await withInvocation(
      { waitUntil: context.waitUntil, origin: new URL(req.url).origin },
      () => runExport(body.data.id),
    );
    return new Response(JSON.stringify({ outcome }), { status: 200 });
  } catch (error) {
    // The admin's next look at the job starts the next run (the failed one let go of it).
    console.error('An export run stopped:', error instanceof Error ? error.message : error);
    return new Response(null, { status: 500 });
  }
};

export const config = { path: '/api/exports/run', method: 'POST' };
