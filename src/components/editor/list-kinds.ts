/**
 * The page's lists that can be changed in place (EditableList): where each is shown, what an item
 * is called, and the fields a new item needs (the create schema's required ones; the rest is
 * filled in on its admin page).
 */
import { shownName } from '../../schemas/cited-name';

export interface ListKind {
  /** The collection's API name: `/api/<collection>`. */
  collection: 'stats' | 'research-areas' | 'team-members';
  /** The section containers the editor goes in; the first on the page is used. */
  hosts: readonly string[];
  noun: string;
  Noun: string;
  plural: string;
  Plural: string;
  /** How an item is named in the list and on its buttons. */
  name: (item: Record<string, unknown>) => string;
  /** What is shown in bold before the name (a stat's figure). */
  lead?: (item: Record<string, unknown>) => string;
  fields: readonly { name: string; label: string; maxLength: number; wide?: boolean }[];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const STATS_LIST: ListKind = {
  collection: 'stats',
  hosts: ['#impact .container-page'],
  noun: 'stat',
  Noun: 'Stat',
  plural: 'stats',
  Plural: 'Stats',
  name: (item) => text(item.label),
  lead: (item) => text(item.value),
  fields: [
    { name: 'value', label: 'Value', maxLength: 40 },
    { name: 'label', label: 'Label', maxLength: 120, wide: true },
  ],
};

export const RESEARCH_AREAS_LIST: ListKind = {
  collection: 'research-areas',
  hosts: ['#research .container-page'],
  noun: 'research area',
  Noun: 'Research area',
  plural: 'research areas',
  Plural: 'Research areas',
  name: (item) => text(item.title),
  fields: [
    { name: 'title', label: 'Title', maxLength: 200, wide: true },
    { name: 'description', label: 'Description', maxLength: 2000, wide: true },
  ],
};

export const TEAM_LIST: ListKind = {
  collection: 'team-members',
  // The home page's team section, or the team page's list of everyone.
  hosts: ['#team .container-page', '#advisory-team .container-page'],
  noun: 'team member',
  Noun: 'Team member',
  plural: 'team members',
  Plural: 'Team members',
  name: (item) => shownName(text(item.honorific), text(item.name)),
  fields: [
    { name: 'name', label: 'Name', maxLength: 120, wide: true },
    { name: 'position', label: 'Position', maxLength: 160, wide: true },
  ],
};

/** Every list in place, in the order the home page shows them. */
export const LIST_KINDS = [RESEARCH_AREAS_LIST, TEAM_LIST, STATS_LIST] as const;
