import type { LocalCdnCache } from '../cdn-cache';
import type { Stage } from '../pipeline';

/** The stand-in for Netlify's purge API that purgeCache() posts to (at PURGE_API_URL). */
export function purgeApiStage(cdn: LocalCdnCache, purgePath: string): Stage {
  return {
    name: 'CDN purge API',
    async handle({ req, res, url }) {
      if (url.pathname !== purgePath) return false;
      await cdn.handlePurgeApi(req, res);
      return true;
    },
  };
}
