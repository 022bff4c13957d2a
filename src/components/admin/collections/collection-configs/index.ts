import type { CollectionConfig } from './collection-config';
import { eventsConfig } from './events';
import { publicationsConfig } from './publications';
import { researchAreasConfig } from './research-areas';
import { statsConfig } from './stats';
import { teamMembersConfig } from './team-members';

export type { CollectionConfig } from './collection-config';

/*
 * The admin's form for each content collection, one module per collection: research-areas.ts,
 * team-members.ts, publications.ts, stats.ts and events.ts. What each says (collection-config.ts),
 * and the fields several share: image-alt-fields.ts (an image's description) and release-fields.ts
 * (who sees a publication or event, and its label in the list).
 */

/** The five orderable content collections, by route name. */
export const COLLECTION_CONFIGS: Record<string, CollectionConfig> = {
  'research-areas': researchAreasConfig,
  'team-members': teamMembersConfig,
  publications: publicationsConfig,
  stats: statsConfig,
  events: eventsConfig,
};
