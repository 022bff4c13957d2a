import { ApiError, errorMessage, mutate } from '../../lib/api';
import { isProposalAck } from '../../schemas/proposal';
import { patchUrl, storedValue, type FieldRef } from './field-key';

/** The stored value of every field on the page (raw: '' for a settings text that shows its default). */
export interface StartValues {
  /** Raw value per field key; a key is missing when its record no longer exists. */
  values: Map<string, string>;
  /** A readable name of the record behind a field (area title, member name), for labels. */
  labels: Map<string, string>;
  /** The open proposal on each field or image that has one (a contributor sees only their own). */
  proposals: Map<string, FieldProposal>;
}

/** A proposed text of one field, waiting for review (or sent back to its author). */
export interface FieldProposal {
  id: string;
  /** The proposed stored value. */
  value: string;
  author: string;
  status: 'pending' | 'changes-requested';
  /** The newest reviewer's comment, if any. */
  comment: string;
}

interface OpenProposal {
  id: string;
  subject: string;
  recordId?: string;
  action: string;
  author: string;
  status: FieldProposal['status'];
  changes: Record<string, unknown>;
  comments: { text: string }[];
}

/**
 * A stored field a proposal may change: a text (FieldRef) or an image (`data-edit-image`), by
 * the key the page marks it with.
 */
export interface ProposalTarget {
  key: string;
  kind: FieldRef['kind'];
  /** The record's id; none for a site setting. */
  id?: string;
  field: string;
}

const SUBJECT = { settings: 'site-settings' } as const;
const subjectOf = (ref: ProposalTarget) => (ref.kind === 'settings' ? SUBJECT.settings : ref.kind);

type Row = Record<string, unknown> & { id?: unknown };

// Fresh, never from the HTTP cache: /api/team-members is cacheable for 5 minutes, and a
// stale start value would turn the first save into a needless conflict.
async function getFresh<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: 'include', cache: 'no-store' });
  if (!res.ok) throw new ApiError(res.status, `${res.status}: ${res.statusText}`, null);
  return (await res.json()) as T;
}

const asText = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

/**
 * Reads the current stored values of the given fields (only the collections they need), and the
 * open proposals on them and on the page's editable `images` (whose values the picker reads itself).
 */
export async function loadStartValues(
  refs: FieldRef[],
  images: ProposalTarget[] = [],
): Promise<StartValues> {
  const kinds = new Set(refs.map((r) => r.kind));
  const [settings, areas, members] = await Promise.all([
    kinds.has('settings') ? getFresh<Row>('/api/site-settings') : null,
    kinds.has('research-areas') ? getFresh<Row[]>('/api/research-areas') : null,
    kinds.has('team-members') ? getFresh<Row[]>('/api/team-members') : null,
  ]);
  const values = new Map<string, string>();
  const labels = new Map<string, string>();
  const targets: ProposalTarget[] = [...refs, ...images];
  const subjects = [...new Set(targets.map(subjectOf))];
  const open = subjects.length
    ? await getFresh<{ items: OpenProposal[] }>(
        `/api/admin/proposals/open?subjects=${encodeURIComponent(subjects.join(','))}`,
      )
    : { items: [] };
  const proposals = new Map<string, FieldProposal>();
  // Oldest first, so the newest proposal on a field is the one shown.
  for (const p of open.items.slice().reverse()) {
    if (p.action !== 'update') continue;
    for (const ref of targets) {
      const sameRecord = ref.kind === 'settings' || ref.id === p.recordId;
      if (subjectOf(ref) !== p.subject || !sameRecord || !(ref.field in p.changes)) continue;
      proposals.set(ref.key, {
        id: p.id,
        value: asText(p.changes[ref.field]),
        author: p.author,
        status: p.status,
        comment: p.comments.findLast((c) => c.text)?.text ?? '',
      });
    }
  }
  for (const ref of refs) {
    if (ref.kind === 'settings') {
      values.set(ref.key, asText(settings?.[ref.field]));
      continue;
    }
    const rows = ref.kind === 'research-areas' ? areas : members;
    const row = rows?.find((r) => r.id === ref.id);
    if (!row) continue;
    values.set(ref.key, asText(row[ref.field]));
    labels.set(ref.key, asText(ref.kind === 'research-areas' ? row.title : row.name));
  }
  return { values, labels, proposals };
}

/** How a save ended: saved (with the stored value), a conflict (with theirs), or an error to show. */
export type SaveResult =
  | { kind: 'saved'; raw: string }
  /** Kept for review instead (a contributor's save): the page is unchanged until approval. */
  | { kind: 'proposed'; id: string; raw: string }
  | { kind: 'conflict'; theirs: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'failed'; status: number; title: string; description?: string };

/**
 * PATCHes one field with `_expected` set to the value the edit started from, so a change
 * someone else made meanwhile comes back as a 409 instead of being overwritten silently. With
 * `proposal` (its author's own open proposal on this text), the edit revises that proposal
 * (resubmitting it) instead of making a second one.
 */
export async function saveField(
  ref: FieldRef,
  value: string,
  expected: string,
  proposal?: string,
): Promise<SaveResult> {
  try {
    const stored = storedValue(ref, value);
    if (proposal) {
      await mutate('PATCH', `/api/admin/proposals/${encodeURIComponent(proposal)}`, {
        [ref.field]: stored,
      });
      return { kind: 'proposed', id: proposal, raw: stored };
    }
    const body = { [ref.field]: stored, _expected: { [ref.field]: expected } };
    const saved = await mutate<Row | null>('PATCH', patchUrl(ref), body);
    if (isProposalAck(saved)) return { kind: 'proposed', id: saved.proposal.id, raw: stored };
    return { kind: 'saved', raw: saved && ref.field in saved ? asText(saved[ref.field]) : stored };
  } catch (error) {
    return classify(error, ref, storedValue(ref, value));
  }
}

function classify(error: unknown, ref: FieldRef, value: string): SaveResult {
  if (!(error instanceof ApiError)) {
    return {
      kind: 'failed',
      status: 0,
      title: 'Could not save your change',
      description: 'Network error - please try again',
    };
  }
  if (error.status === 409) {
    const theirs = error.body?.fields?.[ref.field];
    // A retried request whose first attempt did land conflicts with our own value: that is a save.
    if (theirs === value) return { kind: 'saved', raw: value };
    if (typeof theirs === 'string') return { kind: 'conflict', theirs };
  }
  if (error.status === 401)
    return { kind: 'failed', status: 401, title: 'Please sign in as an admin to save changes' };
  if (error.status === 403)
    return { kind: 'failed', status: 403, title: 'You do not have permission to edit this site' };
  if (error.status === 400) {
    return {
      kind: 'invalid',
      message: error.body?.fields?.[ref.field] ?? errorMessage(error, 'This text cannot be saved'),
    };
  }
  return {
    kind: 'failed',
    status: error.status,
    title: 'Could not save your change',
    description: errorMessage(error, `The server answered ${error.status}. Please try again.`),
  };
}
