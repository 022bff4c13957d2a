import { randomUUID } from 'node:crypto';
import type { Deploy, DeployEventName } from './builder';
import type { loadFunctions } from './functions';
import { invocationWork, type BackgroundWork } from './wait-until';

type Functions = Awaited<ReturnType<typeof loadFunctions>>;

/**
 * Netlify calls the function named after a deploy event with { payload: deploy }, itself
 * (not through the public URL space).
 */
export function deployEvents(opts: {
  fns: Functions;
  url: string;
  siteId: string;
  background: BackgroundWork;
  log: (line: string) => void;
}) {
  const { fns, url, siteId, background, log } = opts;
  const invokeEvent = async (
    event: DeployEventName,
    body: unknown,
    method = 'POST',
  ): Promise<Response> => {
    const matched = fns.match(`/.netlify/functions/${event}`, method);
    if (!matched) return new Response(null, { status: 404 });
    const req = new Request(`${url}/.netlify/functions/${event}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(body),
    });
    const work = invocationWork(log);
    try {
      return await matched.route.handler(req, {
        params: {},
        ip: '127.0.0.1',
        requestId: randomUUID(),
        waitUntil: work.waitUntil,
      });
    } finally {
      background.track(work.settled());
    }
  };
  const deliverDeployEvent = async (event: DeployEventName, deploy: Deploy) => {
    const res = await invokeEvent(event, { payload: deploy, site: { id: siteId, url } }).catch(
      (e: unknown) => e,
    );
    if (!(res instanceof Response) || !res.ok)
      log(
        `${event} was not recorded: ${res instanceof Response ? `${res.status} ${await res.text()}` : String(res)}`,
      );
  };
  return { invokeEvent, deliverDeployEvent };
}
