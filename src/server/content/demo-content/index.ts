import { events } from './events';
import { publications } from './publications';
import { researchAreas } from './research-areas';
import { settings } from './settings';
import { stats } from './stats';
import { teamMembers } from './team';
import { testimonials } from './testimonials';

/**
 * Demo think-tank content seeded into an empty store. Most site texts stay empty on purpose so
 * the built-in wording shows; contact details and the founder are filled in. Every research area,
 * member and publication has its own illustration (public/images/research, team, publications). Events are placed
 * relative to the seeding time so there are always past, running-soon and later events.
 *
 * Authors and speakers are written as names and topics as research-area titles; the seed turns
 * the names of the founder and team members into references to them, and titles into area ids
 * (outside names stay names). Every area has publications and at least one expert.
 *
 * Each kind of content has its module beside this one: settings.ts (founder and contact details),
 * research-areas.ts, team.ts, publications.ts (with report.ts, the web version of one report),
 * stats.ts, events.ts and testimonials.ts.
 */
export const DEMO = {
  settings,
  researchAreas,
  teamMembers,
  publications,
  stats,
  events,
  testimonials,
};
