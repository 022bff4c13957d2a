import type { Proposal, ProposalAck } from '../../../schemas/proposal';
import { HttpError } from '../../http/errors';
import { json } from '../../http/http';
import { assertExpected } from '../../storage/store';
import { noteProposalStep } from '../proposal-mail';
import { createProposal, newProposalId } from '../proposal-store';
import { proposalSubject } from '../proposal-subjects';
import type { Who } from './guards';
import { labelOf, now, type Fields } from './values';

/** The fields as they are now; a field not set is kept as null, so approval checks it too. */
const baseOf = (record: Fields, keys: string[]): Fields =>
  Object.fromEntries(keys.map((k) => [k, record[k] ?? null]));

/** The answer to a save that became a proposal: 202, nothing changed yet. */
export const acceptedAsProposal = (p: Proposal): Response =>
  json({ proposal: { id: p.id, status: p.status } } satisfies ProposalAck, { status: 202 });

export interface ProposedSave {
  subject: string;
  action: Proposal['action'];
  recordId?: string;
  /** The save's fields after the same preparation a direct save gets (images, time zone). */
  changes: Fields;
  /** The `_expected` values the editor started from, checked now as a direct save would be. */
  expected?: Fields;
}

/**
 * Keeps a save aside as a proposal. Its base version is the record's changed fields as they are
 * now (a delete: the whole record), which approval checks again.
 */
export async function propose(author: Who, save: ProposedSave): Promise<Proposal> {
  const subject = proposalSubject(save.subject);
  const current = save.action === 'create' ? null : await subject.get(save.recordId);
  if (save.action !== 'create' && !current) throw new HttpError(404, 'Item not found');
  if (current) assertExpected(current, save.expected);
  const base =
    save.action === 'update'
      ? baseOf(current!, Object.keys(save.changes))
      : save.action === 'delete'
        ? current!
        : {};
  const at = now();
  const proposal = await createProposal({
    id: newProposalId(),
    subject: subject.name,
    ...(save.recordId === undefined ? {} : { recordId: save.recordId }),
    action: save.action,
    label: labelOf(current ?? save.changes, subject.name),
    author: author.username,
    status: 'pending',
    createdAt: at,
    updatedAt: at,
    changes: save.action === 'delete' ? {} : save.changes,
    base,
    comments: [],
  });
  await noteProposalStep(proposal, 'proposed');
  return proposal;
}
