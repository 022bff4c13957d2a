import type { AstroIntegration } from 'astro';
import { tsImport } from 'tsx/esm/api';

type PublishModule = typeof import('../server/publish');
// astro.config is loaded by Node itself, which cannot resolve the server code's extensionless imports.
const load = () => tsImport('../server/publish.ts', import.meta.url) as Promise<PublishModule>;

/**
 * Records build start and finish in the content store, so admins can see whether their
 * changes are queued, building or live (the same on Netlify and locally).
 */
export default function publishState(): AstroIntegration {
  let started = 0;
  let reachable = false;
  return {
    name: 'publish-state',
    hooks: {
      'astro:build:start': async ({ logger }) => {
        started = Date.now();
        const publish = await load();
        reachable = await publish.storeReachable();
        if (reachable) await publish.markBuildStarted();
        else logger.warn('content store not reachable: publish state is not recorded');
      },
      'astro:build:done': async () => {
        if (reachable) await (await load()).markBuildDone(started);
      },
    },
  };
}
