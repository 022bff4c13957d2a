import { createHash } from 'node:crypto';
import { SITE_SETTINGS_SUBJECT, type Proposal } from '../../../schemas/proposal';
import { pickFields } from '../../content/site-settings';
import { HttpError } from '../../http/errors';
import { json } from '../../http/http';
import type { ProposalSubject } from '../proposal-subjects';
import { sameValue, type Fields } from './values';

/** What an approved change did to its record: the versions History keeps, and the record's id. */
export type Applied = { before?: Fields; after?: Fields; recordId?: string };

/**
 * The id a proposed new record gets, fixed by its proposal: an approval retried after one that was
 * cut off finds the record that one made instead of making another. UUID-shaped like every id.
 */
export function newRecordId(proposalId: string): string {
  const h = createHash('sha256').update(`proposal:${proposalId}`).digest('hex');
  const variant = (8 | (parseInt(h[16]!, 16) & 3)).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Applies the proposal's change. `resumed`: an approval of it before this one may have been cut
 * off after its change landed (it decided the History entry's id and did not finish), so an
 * update that finds every field it changes at the proposed value is that change, finished here
 * rather than refused as a conflict.
 */
export async function apply(
  subject: ProposalSubject,
  p: Proposal,
  resumed = false,
): Promise<Applied> {
  if (p.action === 'create') {
    const created = await subject.create!(p.changes, newRecordId(p.id));
    return { after: created, recordId: String(created.id) };
  }
  const current = await subject.get(p.recordId);
  if (!current) {
    // A deletion this approval cut off half-way (its record marked deleted, its row still
    // listed) is finished by approving again, as a retried delete finishes one.
    const finished = p.action === 'delete' ? await finishDelete(subject, p) : null;
    if (finished) return finished;
    throw new HttpError(409, 'The record was deleted since this proposal was made', {
      _: 'The record no longer exists',
    });
  }
  const stale = (fields: Fields) =>
    Object.keys(fields).filter((k) => !sameValue(fields[k], current[k]));
  const conflict = (fields: string[], now = current) =>
    new ConflictWithVersions(
      Object.fromEntries(fields.map((k) => [k, 'Changed since this proposal was made'])),
      p,
      now,
    );
  // The write's own check found a field changed after the read above: show it as it is now.
  const refused = async (error: unknown) =>
    error instanceof HttpError && error.status === 409 && error.fields
      ? conflict(Object.keys(error.fields), (await subject.get(p.recordId)) ?? current)
      : error;
  if (p.action === 'delete') {
    const changed = stale(p.base);
    if (changed.length) throw conflict(changed);
    try {
      // The base is checked again in the delete's own write: a save landing after the check
      // above is never deleted unseen.
      const removed = await subject.remove!(p.recordId!, p.base);
      return { before: removed, recordId: p.recordId };
    } catch (error) {
      throw await refused(error);
    }
  }
  // The site texts' History keeps only the fields a change touched (as a direct save's does).
  const keys = Object.keys(p.changes);
  const applied = (before: Fields, after: Fields): Applied =>
    p.subject === SITE_SETTINGS_SUBJECT
      ? { before: pickFields(before, keys), after: pickFields(after, keys) }
      : { before, after, recordId: p.recordId };
  if (resumed && keys.every((k) => sameValue(p.changes[k], current[k])))
    return applied({ ...current, ...pickFields(p.base, keys) }, current);
  try {
    const { before, after } = await subject.update(p.recordId, p.changes, p.base);
    return applied(before, after);
  } catch (error) {
    throw await refused(error);
  }
}

/** Finishes a half-done deletion of the version this proposal deletes; null if there is none. */
async function finishDelete(subject: ProposalSubject, p: Proposal): Promise<Applied | null> {
  try {
    const removed = await subject.remove!(p.recordId!, p.base);
    return { before: removed, recordId: p.recordId };
  } catch (error) {
    // Gone whole, or the delete left half-way was of another version: deleted since.
    if (error instanceof HttpError && (error.status === 404 || error.status === 409)) return null;
    throw error;
  }
}

/**
 * The 409 of a stale proposal: the error body plus both versions of the fields it changes (as
 * proposed, and as they are now), so the reviewer sees what would have been overwritten.
 */
export class ConflictWithVersions extends HttpError {
  readonly proposed: Fields;
  readonly base: Fields;
  readonly current: Fields;
  constructor(fields: Record<string, string>, p: Proposal, current: Fields) {
    super(409, 'The record changed since this proposal was made: nothing was overwritten', fields);
    const keys = p.action === 'delete' ? Object.keys(p.base) : Object.keys(p.changes);
    this.proposed = p.changes;
    this.base = p.base;
    this.current = pickFields(current, keys);
  }
  toResponse(): Response {
    return json(
      {
        message: this.message,
        fields: this.fields,
        proposed: this.proposed,
        base: this.base,
        current: this.current,
      },
      { status: 409 },
    );
  }
}
