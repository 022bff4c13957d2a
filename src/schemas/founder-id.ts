/**
 * The founder's id among people: the founder is a site setting, not a team-members record. On its
 * own, without zod, so browser code that links people (src/lib/people.ts) builds no schema: zod
 * probes `new Function` when it builds one, which the site's CSP reports as a violation.
 */
export const FOUNDER_ID = 'founder';
