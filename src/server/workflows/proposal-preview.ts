/**
 * Outside reviewers: a private preview link to a proposal, for someone without an account (a
 * fellow, a partner, the person a bio describes). The link (preview-links.ts) shows the record as
 * it would be with the proposed change, the changed fields marked, and takes a comment, which is
 * kept on the proposal for its reviewers and its author, and told to the author in their batched
 * notices.
 */
import { humanize } from '../../schemas/field-label';
import type { CreatedPreviewLink } from '../../schemas/preview-link';
import {
  OPEN_STATUSES,
  OUTSIDE_COMMENTS_MAX,
  type Proposal,
  type ProposalComment,
} from '../../schemas/proposal';
import type { User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { issuePreviewLink } from './preview-links';
import { noteProposalStep } from './proposal-mail';
import { changeProposal, readProposal } from './proposal-store';
import { proposalSubject } from './proposal-subjects';

type Fields = Record<string, unknown>;
const isOpen = (p: Proposal) => OPEN_STATUSES.includes(p.status);

/** Makes a private link to an open proposal (a reviewer's; 409 once it was decided). */
export async function createProposalPreviewLink(
  user: User,
  id: string,
  expiresInDays: number,
  origin: string,
): Promise<CreatedPreviewLink> {
  const p = await readProposal(id);
  if (!p) throw new HttpError(404, 'Proposal not found');
  if (!isOpen(p))
    throw new HttpError(409, `This proposal is ${p.status}: there is nothing left to preview`);
  return issuePreviewLink(
    user,
    { kind: 'proposal', itemId: p.id, title: `Proposal: ${p.label}`, expiresInDays },
    origin,
  );
}

/** The proposal a link shows, while it is open; else null (the link then says it is closed). */
export async function openProposalOf(id: string): Promise<Proposal | null> {
  const p = await readProposal(id);
  return p && isOpen(p) ? p : null;
}

/**
 * Keeps an outside reviewer's comment on the proposal and tells its author. Refused once the
 * proposal was decided (409) or has taken all the comments it keeps.
 */
export async function addOutsideComment(
  proposalId: string,
  input: { comment: string; name: string },
): Promise<Proposal> {
  const by = input.name ? `${input.name} (outside reviewer)` : 'An outside reviewer';
  const p = await changeProposal(proposalId, (cur) => {
    if (!isOpen(cur))
      throw new HttpError(409, 'This proposal was decided: it takes no more comments');
    if (cur.comments.filter((c) => c.kind === 'outside').length >= OUTSIDE_COMMENTS_MAX)
      throw new HttpError(409, 'This proposal has all the comments it can take');
    const comment: ProposalComment = {
      by,
      at: new Date().toISOString(),
      kind: 'outside',
      text: input.comment,
    };
    return { ...cur, comments: [...cur.comments, comment] };
  });
  await noteProposalStep(p, 'commented');
  return p;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const text = (v: unknown) =>
  v === undefined || v === null || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v);
// What a reader of the page is shown of a record: its own fields, not the site's bookkeeping.
const HIDDEN = new Set(['id', 'order', 'createdAt', 'updatedAt', 'slug', 'previousSlugs']);

/**
 * The preview page (self-contained HTML, served by the preview function): the record as it would
 * be with the change, each changed field marked with what it says now, and the comment form.
 */
export async function proposalPreviewHtml(
  p: Proposal,
  token: string,
  sent: boolean,
): Promise<string> {
  const subject = proposalSubject(p.subject);
  const current = p.action === 'create' ? null : await subject.get(p.recordId);
  const proposed: Fields = p.action === 'delete' ? {} : { ...(current ?? {}), ...p.changes };
  const changed = new Set(p.action === 'delete' ? [] : Object.keys(p.changes));
  const shownFields = Object.keys(p.action === 'delete' ? (current ?? p.base) : proposed).filter(
    (k) => !HIDDEN.has(k) && (p.subject !== 'site-settings' || changed.has(k)),
  );
  const rows = shownFields.map((k) => {
    const mark = changed.has(k);
    const was =
      mark && p.action === 'update'
        ? `<p class="was">Now on the site: ${escape(text(current?.[k]))}</p>`
        : '';
    return `<div class="field${mark ? ' changed' : ''}" data-testid="preview-field"${mark ? ' data-changed="true"' : ''}><dt>${escape(humanize(k))}${mark ? ' <span class="tag">proposed</span>' : ''}</dt><dd>${escape(text(p.action === 'delete' ? (current ?? p.base)[k] : proposed[k]))}${was}</dd></div>`;
  });
  const heading =
    p.action === 'create'
      ? 'A proposed new entry'
      : p.action === 'delete'
        ? 'A proposal to remove this entry'
        : 'A proposed change';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Preview: ${escape(p.label)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1e293b}main{max-width:48rem;margin:0 auto;padding:1.5rem}.band{margin:0;background:#fef3c7;color:#78350f;padding:.75rem 1.5rem;font-weight:600}dt{font-weight:600;margin-top:.75rem}dd{margin:.25rem 0 0;white-space:pre-wrap}.changed{border-left:4px solid #d97706;padding-left:.75rem}.tag{font-size:.75rem;background:#fde68a;border-radius:999px;padding:0 .5rem}.was{color:#64748b;font-size:.875rem}label{display:block;margin-top:.75rem;font-weight:600}textarea,input{display:block;width:100%;box-sizing:border-box;margin-top:.25rem;font:inherit;padding:.5rem}button{margin-top:.75rem;font:inherit;padding:.5rem 1rem}.sent{background:#dcfce7;color:#14532d;padding:.75rem}</style></head>
<body><p class="band" role="note" data-testid="preview-band">Not on the site: a change proposed by ${escape(p.author)}, awaiting review</p>
<main><h1>${escape(heading)}: ${escape(p.label)}</h1>
<dl>${rows.join('')}</dl>
<h2>Your comment</h2>${sent ? '<p class="sent" role="status" data-testid="comment-sent">Thank you: your comment was sent to the reviewers.</p>' : ''}
<form method="post" action="${escape(`/preview/${token}`)}"><label for="comment">What should change, or is it right?</label><textarea id="comment" name="comment" rows="5" maxlength="2000" required></textarea>
<label for="name">Your name (optional)</label><input id="name" name="name" maxlength="100" autocomplete="name">
<button type="submit">Send comment</button></form></main></body></html>`;
}
