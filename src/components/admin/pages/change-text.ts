import { humanize } from '../../../schemas/field-label';
import type { HistoryEntry } from '../../../schemas/history';

/**
 * History entries as people write about them: "Hero trust badge changed",
 * "Team members reordered", "Event “Policy Forum” deleted", instead of the stored
 * "heroTrustBadge · update" or "order · reorder".
 */

// What one record of each history target is called, and the collection as a whole.
const NOUNS: Record<string, [one: string, all: string]> = {
  'research-areas': ['Research area', 'Research areas'],
  'team-members': ['Team member', 'Team members'],
  publications: ['Publication', 'Publications'],
  stats: ['Stat', 'Stats'],
  events: ['Event', 'Events'],
  testimonials: ['Testimonial', 'Testimonials'],
  'contact-forms': ['Message', 'Messages'],
  subscriptions: ['Subscriber', 'Subscribers'],
  users: ['User', 'Users'],
};

const VERBS: Record<string, string> = {
  create: 'added',
  update: 'changed',
  delete: 'deleted',
  reorder: 'reordered',
  restore: 'restored',
};

/** "a", "a and b", "a, b and c" */
function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const fieldNames = (keys: string) =>
  keys
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k, i) => (i === 0 ? humanize(k) : humanize(k).toLowerCase()));

/** What a history entry is about, in words ('Publication', 'Site settings'), never its id. */
export function targetName(target: string): string {
  const [name = ''] = target.split('/');
  return NOUNS[name]?.[0] ?? humanize(name);
}

/** One line saying what changed, in plain words. */
export function describeChange(entry: Pick<HistoryEntry, 'action' | 'target' | 'summary'>): string {
  const verb = VERBS[entry.action] ?? entry.action;
  const [name = '', id] = entry.target.split('/');
  if (name === 'site-settings')
    return `${list(fieldNames(entry.summary)) || 'Site settings'} ${verb}`;
  const noun = NOUNS[name];
  if (!noun) return entry.summary || entry.target;
  if (id === undefined) return `${noun[1]} ${verb}`;
  // Users and messages are summarised in words already ("Invited ana as editor", "Marked read: Ana").
  if (name === 'users' || name === 'contact-forms' || name === 'subscriptions')
    return entry.summary || `${noun[0]} ${verb}`;
  // Item updates are stored as "Label: field, field".
  const split = entry.action === 'update' ? entry.summary.lastIndexOf(': ') : -1;
  const label = split >= 0 ? entry.summary.slice(0, split) : entry.summary;
  const fields =
    split >= 0 ? list(fieldNames(entry.summary.slice(split + 2)).map((f) => f.toLowerCase())) : '';
  const what = label ? `${noun[0]} “${label}”` : noun[0];
  return fields ? `${what}: ${fields} ${verb}` : `${what} ${verb}`;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const short = (v: unknown) =>
  v === '' || v === null || v === undefined
    ? '(empty)'
    : typeof v === 'string'
      ? v
      : JSON.stringify(v);
const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/**
 * Before and after of a change that touched one plain field, for a one-line view
 * ("“Trusted by 40 labs” → “Trusted by 50 labs”"); null when a list or several fields changed.
 */
export function changeValues(
  entry: Pick<HistoryEntry, 'before' | 'after'>,
): { before: string; after: string } | null {
  if (!isRecord(entry.before) || !isRecord(entry.after)) return null;
  const before = entry.before;
  const after = entry.after;
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) =>
      !['updatedAt', 'createdAt', 'id'].includes(k) &&
      JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  if (changed.length !== 1) return null;
  const key = changed[0]!;
  if ([before[key], after[key]].some((v) => typeof v === 'object' && v !== null)) return null;
  return { before: clip(short(before[key])), after: clip(short(after[key])) };
}
