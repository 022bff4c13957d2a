import { OPEN_STATUSES } from '../../../schemas/proposal';
import { importImages } from '../../content/image-import';
import { HttpError } from '../../http/errors';
import { parseWith } from '../../http/http';
import { noteProposalStep } from '../proposal-mail';
import { changeProposal } from '../proposal-store';
import { proposalSubject } from '../proposal-subjects';
import { withSiteZone } from '../site-zone';
import { assertAuthor, assertNotBeingApproved, assertStatus, type Who } from './guards';
import { visibleProposal } from './reads';
import { comment, now, type Fields } from './values';

/** Its author takes it back: final, nothing changes. */
export async function withdrawProposal(author: Who, id: string) {
  const found = await visibleProposal(author, id);
  assertAuthor(author, found, 'withdraw');
  return changeProposal(id, (cur) => {
    assertStatus(cur, OPEN_STATUSES, 'withdrawn');
    assertNotBeingApproved(cur);
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
    assertNotBeingApproved(cur);
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
