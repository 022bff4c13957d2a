/** What a search result is: the `kind` filter every indexed page carries. */
export const SEARCH_KINDS = ['Publication', 'Person', 'Topic', 'Event', 'Page'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** How the search page names a kind: on one result, and in the "Show" choice. */
export const KIND_LABELS: Record<SearchKind, { one: string; all: string }> = {
  Publication: { one: 'Publication', all: 'Publications' },
  Person: { one: 'Person', all: 'People' },
  Topic: { one: 'Research area', all: 'Research areas' },
  Event: { one: 'Event', all: 'Events' },
  Page: { one: 'Page', all: 'Pages' },
};
