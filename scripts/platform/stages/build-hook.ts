import type { Stage } from '../pipeline';

/** Build hook URLs carry an unguessable id, as Netlify's do: without it nobody can start builds. */
export const BUILD_HOOK_PREFIX = '/.netlify/local/build_hooks/';

/** POST to the secret build hook URL queues a rebuild (`onCall`); any other use passes on. */
export function buildHookStage(hookPath: string, onCall: () => void): Stage {
  return {
    name: 'build hook',
    handle({ url, method, res }) {
      if (url.pathname !== hookPath || method !== 'POST') return false;
      onCall();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"queued":true}');
      return true;
    },
  };
}
