import { createHash } from 'node:crypto';
import {
  OPEN_STATUSES,
  SITE_SETTINGS_SUBJECT,
  type Proposal,
  type ProposalAck,
  type ProposalComment,
  type ProposalDiffField,
  type ProposalStatus,
} from '../../schemas/proposal';
import { can } from '../../schemas/roles';
import type { User } from '../../schemas/user';
import { importImages } from '../content/image-import';
import { pickFields } from '../content/site-settings';
import { HttpError } from '../http/errors';
import { json, parseWith } from '../http/http';
import { commitChange, newEntryId } from '../publishing/history';
import { assertExpected } from '../storage/store';
import {
  changeProposal,
  createProposal,
  listPrefix,
  listProposals,
  newProposalId,
  openProposalsOnSubject,
  readProposal,
} from './proposal-store';
import { proposalSubject, type ProposalSubject } from './proposal-subjects';
import { noteProposalStep } from './proposal-mail';
import { withSiteZone } from './site-zone';

/*
 * Review before publish. A save by someone who must propose (review-policy.ts) stops before the
 * write and becomes a proposal here; a reviewer (an editor or admin, never its author) approves it,
 * and only then does it go through the record's own update and the one change pipeline
 * (commitChange), with History naming both. Until then nothing public changes and no build starts.
 */

type Fields = Record<string, unknown>;
type Who = Pick<User, 'username' | 'role'>;

/** How long an approval's claim holds off a second approval (longer than any approval takes). */
const CLAIM_MS = 60_000;

const isReviewer = (user: Who) => can(user.role, 'content');
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const now = () => new Date().toISOString();

/** A record's label for lists and emails: its title or name, else its id. */
function labelOf(record: Fields | null | undefined, fallback: string): string {
  const label = record?.title ?? record?.name ?? record?.label;
  return typeof label === 'string' && label ? label : fallback;
}

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

/** A proposal the user may see: every one for reviewers, their own for authors; else 404. */
export async function visibleProposal(user: Who, id: string): Promise<Proposal> {
  const p = await readProposal(id);
  if (!p || (!isReviewer(user) && !same(p.author, user.username)))
    throw new HttpError(404, 'Proposal not found');
  return p;
}

/** Page of proposals, newest first: every one for reviewers, a contributor's own for them. */
export async function listVisibleProposals(
  user: Who,
  query: { status?: ProposalStatus; page: number; pageSize: number },
) {
  const author = isReviewer(user) ? undefined : user.username;
  return listProposals(
    listPrefix({ status: query.status, author }),
    query.page,
    query.pageSize,
    (p) =>
      (query.status === undefined || p.status === query.status) &&
      (author === undefined || same(p.author, author)),
  );
}

/**
 * The open proposals on the given subjects, for the in-place editor: every one for reviewers, a
 * contributor's own for them.
 */
export async function openProposalsFor(user: Who, subjects: string[]): Promise<Proposal[]> {
  const lists = await Promise.all(
    subjects.map((s) => openProposalsOnSubject(proposalSubject(s).name)),
  );
  return lists.flat().filter((p) => isReviewer(user) || same(p.author, user.username));
}

/** The proposal with each field it changes: as proposed, as it was, as it is now. */
export async function proposalWithDiff(user: Who, id: string) {
  const proposal = await visibleProposal(user, id);
  const subject = proposalSubject(proposal.subject);
  const current = proposal.action === 'create' ? null : await subject.get(proposal.recordId);
  const fields =
    proposal.action === 'delete' ? Object.keys(proposal.base) : Object.keys(proposal.changes);
  const diff: ProposalDiffField[] = fields.map((field) => ({
    field,
    base: proposal.base[field],
    proposed: proposal.action === 'delete' ? undefined : proposal.changes[field],
    current: current?.[field],
    changedSince:
      proposal.action !== 'create' && !sameValue(proposal.base[field], current?.[field]),
  }));
  return { proposal, current, diff };
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '');

function assertReviewerOf(user: Who, p: Proposal, doing: string): void {
  if (!isReviewer(user)) throw new HttpError(403, `Only editors and admins can ${doing}`);
  if (same(p.author, user.username))
    throw new HttpError(
      403,
      `You cannot ${doing} your own proposal: another editor or admin reviews it`,
    );
}

function assertStatus(p: Proposal, allowed: readonly ProposalStatus[], doing: string): void {
  if (!allowed.includes(p.status))
    throw new HttpError(
      409,
      `This proposal is ${p.status.replace('-', ' ')}: it cannot be ${doing}`,
    );
}

const comment = (by: string, kind: ProposalComment['kind'], text = ''): ProposalComment => ({
  by,
  at: now(),
  kind,
  text,
});

/**
 * Approves a pending proposal: claims it (a second approval at the same time is refused), applies
 * the change through the record's own update with the base version as the expected values (a
 * field changed since is a 409 carrying both versions, and nothing is written), records it in
 * History under the approver with the author named, and marks it approved.
 *
 * Exactly once for changes and deletions: an approval cut off after its change landed leaves its
 * claim to lapse, and approving again finds the fields no longer at their base version (409, the
 * diff shows the proposed values live) or the record gone, so the reviewer rejects it to close it.
 * A proposed new record gets the id its proposal decides (newRecordId), and the History entry the
 * id the first claim chose: approving again after a cut-off approval finds the record made and
 * the entry written, writes neither twice, and ends approved.
 */
export async function approveProposal(reviewer: Who, id: string) {
  const found = await readProposal(id);
  if (!found) throw new HttpError(404, 'Proposal not found');
  assertReviewerOf(reviewer, found, 'approve');
  const claimed = await changeProposal(id, (p) => {
    assertStatus(p, ['pending'], 'approved');
    if (p.claim && p.claim.until > Date.now() && !same(p.claim.by, reviewer.username))
      throw new HttpError(409, `${p.claim.by} is approving this proposal right now`);
    return {
      ...p,
      claim: { by: reviewer.username, until: Date.now() + CLAIM_MS },
      historyId: p.historyId ?? newEntryId(),
    };
  });
  const subject = proposalSubject(claimed.subject);
  let applied: { before?: Fields; after?: Fields; recordId?: string };
  try {
    applied = await apply(subject, claimed);
  } catch (error) {
    // Nothing was recorded: a later approval dates its entry afresh.
    await changeProposal(id, ({ claim: _c, historyId: _h, ...p }) => p);
    throw error;
  }
  const entry = await commitChange(
    reviewer,
    {
      action: claimed.action,
      target: subject.target(applied.recordId),
      summary: `${labelOf(applied.after ?? applied.before, claimed.label)}${
        claimed.action === 'update' ? `: ${Object.keys(claimed.changes).join(', ')}` : ''
      } (proposed by ${claimed.author})`,
      ...(applied.before ? { before: applied.before } : {}),
      ...(applied.after ? { after: applied.after } : {}),
      proposedBy: claimed.author,
      proposal: claimed.id,
    },
    { id: claimed.historyId },
  );
  // A second approval by the same reviewer (a double click) that ran alongside finds it marked.
  let marked = false;
  const approved = await changeProposal(id, ({ claim: _c, ...p }) => {
    // Set on every pass: the etag-guarded loop may run this again on a fresher proposal.
    marked = p.status !== 'approved';
    if (!marked) return p;
    return {
      ...p,
      ...(applied.recordId ? { recordId: applied.recordId } : {}),
      status: 'approved',
      decidedBy: reviewer.username,
      decidedAt: now(),
      historyId: entry.id,
      comments: [...p.comments, comment(reviewer.username, 'approved')],
    };
  });
  if (marked) await noteProposalStep(approved, 'approved');
  return { proposal: approved, record: applied.after ?? null };
}

/**
 * The id a proposed new record gets, fixed by its proposal: an approval retried after one that was
 * cut off finds the record that one made instead of making another. UUID-shaped like every id.
 */
export function newRecordId(proposalId: string): string {
  const h = createHash('sha256').update(`proposal:${proposalId}`).digest('hex');
  const variant = (8 | (parseInt(h[16]!, 16) & 3)).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

async function apply(
  subject: ProposalSubject,
  p: Proposal,
): Promise<{ before?: Fields; after?: Fields; recordId?: string }> {
  if (p.action === 'create') {
    const created = await subject.create!(p.changes, newRecordId(p.id));
    return { after: created, recordId: String(created.id) };
  }
  const current = await subject.get(p.recordId);
  if (!current)
    throw new HttpError(409, 'The record was deleted since this proposal was made', {
      _: 'The record no longer exists',
    });
  const stale = (fields: Fields) =>
    Object.keys(fields).filter((k) => !sameValue(fields[k], current[k]));
  const conflict = (fields: string[]) =>
    new ConflictWithVersions(
      Object.fromEntries(fields.map((k) => [k, 'Changed since this proposal was made'])),
      p,
      current,
    );
  if (p.action === 'delete') {
    const changed = stale(p.base);
    if (changed.length) throw conflict(changed);
    const removed = await subject.remove!(p.recordId!);
    return { before: removed, recordId: p.recordId };
  }
  try {
    const { before, after } = await subject.update(p.recordId, p.changes, p.base);
    // The site texts' History keeps only the fields a change touched (as a direct save's does).
    const keys = Object.keys(p.changes);
    return p.subject === SITE_SETTINGS_SUBJECT
      ? { before: pickFields(before, keys), after: pickFields(after, keys) }
      : { before, after, recordId: p.recordId };
  } catch (error) {
    if (error instanceof HttpError && error.status === 409 && error.fields)
      throw conflict(Object.keys(error.fields));
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

/** A reviewer sends it back with a comment: the author edits it and resubmits. */
export async function requestChanges(reviewer: Who, id: string, text: string) {
  const found = await readProposal(id);
  if (!found) throw new HttpError(404, 'Proposal not found');
  assertReviewerOf(reviewer, found, 'send back');
  const p = await changeProposal(id, (cur) => {
    assertStatus(cur, ['pending'], 'sent back');
    return {
      ...cur,
      status: 'changes-requested',
      comments: [...cur.comments, comment(reviewer.username, 'changes-requested', text)],
    };
  });
  await noteProposalStep(p, 'changes-requested');
  return p;
}

/** A reviewer rejects it (with an optional comment): final, nothing changes. */
export async function rejectProposal(reviewer: Who, id: string, text: string) {
  const found = await readProposal(id);
  if (!found) throw new HttpError(404, 'Proposal not found');
  assertReviewerOf(reviewer, found, 'reject');
  const p = await changeProposal(id, (cur) => {
    assertStatus(cur, OPEN_STATUSES, 'rejected');
    if (cur.claim && cur.claim.until > Date.now())
      throw new HttpError(409, `${cur.claim.by} is approving this proposal right now`);
    return {
      ...cur,
      status: 'rejected',
      decidedBy: reviewer.username,
      decidedAt: now(),
      comments: [...cur.comments, comment(reviewer.username, 'rejected', text)],
    };
  });
  await noteProposalStep(p, 'rejected');
  return p;
}

function assertAuthor(user: Who, p: Proposal, doing: string): void {
  if (!same(p.author, user.username))
    throw new HttpError(403, `Only the author of a proposal can ${doing} it`);
}

/** Its author takes it back: final, nothing changes. */
export async function withdrawProposal(author: Who, id: string) {
  const found = await visibleProposal(author, id);
  assertAuthor(author, found, 'withdraw');
  return changeProposal(id, (cur) => {
    assertStatus(cur, OPEN_STATUSES, 'withdrawn');
    if (cur.claim && cur.claim.until > Date.now())
      throw new HttpError(409, `${cur.claim.by} is approving this proposal right now`);
    return {
      ...cur,
      status: 'withdrawn',
      decidedBy: author.username,
      decidedAt: now(),
      comments: [...cur.comments, comment(author.username, 'withdrawn')],
    };
  });
}

/**
 * Its author edits it (the body a save would send, checked by the same schema) and it is pending
 * again. Fields it already changed keep their base version; fields newly changed take theirs now.
 */
export async function resubmitProposal(author: Who, id: string, body: Fields) {
  const found = await visibleProposal(author, id);
  assertAuthor(author, found, 'change');
  if (found.action === 'delete')
    throw new HttpError(400, 'A proposed deletion has nothing to edit: withdraw it instead');
  const subject = proposalSubject(found.subject);
  const schema = found.action === 'create' ? subject.createSchema! : subject.updateSchema;
  if (Object.keys(body).length === 0) throw new HttpError(400, 'Send at least one field to change');
  const parsed = await importImages(parseWith(schema, body) as Fields, subject.imageFields);
  const changes = subject.zoned ? await withSiteZone(parsed, found.action === 'create') : parsed;
  const current = found.action === 'update' ? await subject.get(found.recordId) : null;
  if (found.action === 'update' && !current) throw new HttpError(404, 'Item not found');
  const p = await changeProposal(id, (cur) => {
    assertStatus(cur, OPEN_STATUSES, 'changed');
    const merged = found.action === 'create' ? changes : { ...cur.changes, ...changes };
    const base =
      found.action === 'create'
        ? {}
        : Object.fromEntries(
            Object.keys(merged).map((k) => [
              k,
              k in cur.base ? cur.base[k] : (current![k] ?? null),
            ]),
          );
    return {
      ...cur,
      status: 'pending',
      changes: merged,
      base,
      comments: [...cur.comments, comment(author.username, 'resubmitted')],
    };
  });
  await noteProposalStep(p, 'proposed');
  return p;
}
