import type { ProposalComment } from '../../../schemas/proposal';

/** A record's fields, as a save sends them and a proposal keeps them. */
export type Fields = Record<string, unknown>;

export const now = () => new Date().toISOString();

/** A record's label for lists and emails: its title or name, else its id. */
export function labelOf(record: Fields | null | undefined, fallback: string): string {
  const label = record?.title ?? record?.name ?? record?.label;
  return typeof label === 'string' && label ? label : fallback;
}

export const sameValue = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

export const comment = (by: string, kind: ProposalComment['kind'], text = ''): ProposalComment => ({
  by,
  at: now(),
  kind,
  text,
});
