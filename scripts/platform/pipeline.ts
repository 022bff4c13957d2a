import type { IncomingMessage, ServerResponse } from 'node:http';

/** One request as it passes through the platform's stages. */
export interface PlatformRequest {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
}

/**
 * One step of the platform's answer to a request, in the order Netlify's edge takes them.
 * `handle` answers and returns true, or returns false to pass the request on to the next stage.
 */
export interface Stage {
  name: string;
  handle(request: PlatformRequest): boolean | Promise<boolean>;
}

/** Passes a request through `stages` until one answers; the last stage must always answer. */
export async function runStages(stages: readonly Stage[], request: PlatformRequest): Promise<void> {
  for (const stage of stages) {
    if (await stage.handle(request)) return;
  }
  throw new Error(`no stage answered ${request.method} ${request.url.pathname}`);
}
