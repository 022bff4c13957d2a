import type { Row } from '../../content/keyed-collection';

/** Short label of an item for the history list. */
export function describe(item: object): string {
  const fields = item as Record<string, unknown>;
  const label = fields.title ?? fields.name ?? fields.label ?? fields.id;
  return typeof label === 'string' ? label : String(fields.id);
}

/** A row as lists answer it: the record's own field names, without what only the index needs. */
export function summary(row: Row, order: number): Record<string, unknown> {
  const {
    orderKey: _key,
    rev: _rev,
    sum: _sum,
    previousSlugs: _old,
    missingAlt: _alt,
    ...shown
  } = row;
  return { ...shown, order };
}
