import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  issueSummarySchema,
  newsletterIssueSchema,
  type IssueCreate,
  type IssueList,
  type IssueSummary,
  type IssueUpdate,
  type NewsletterIssue,
} from '../../../schemas/newsletter-issue';
import { slugify } from '../../../lib/slug';
import { HttpError } from '../../http/errors';
import { ISSUE_KEYS } from '../../storage/keys';
import {
  createJSON,
  deleteKey,
  openStore,
  readJSON,
  singleDocument,
  STORES,
  updateJSON,
  writeJSON,
} from '../../storage/store';

/*
 * Newsletter issues: one record per issue (`issues/<id>`) and one small index document of summary
 * rows (never an intro), so the admin list reads one document however many issues exist. A record
 * is written first and its row after: a failure between the two leaves a row one step behind,
 * which the next write of the issue brings up to date.
 */
const store = () => openStore(STORES.issues);
const index = singleDocument(
  store,
  ISSUE_KEYS.index,
  z.object({ rows: z.array(issueSummarySchema).default([]) }),
  () => ({ rows: [] }),
);
const slugClaimSchema = z.object({ id: z.string() });
const deletedMarkSchema = z.object({ at: z.string() });

/** Newest first: the order of the admin list. */
const newestFirst = (a: IssueSummary, b: IssueSummary) => b.createdAt.localeCompare(a.createdAt);

const summaryOf = (issue: NewsletterIssue): IssueSummary => issueSummarySchema.parse(issue);

/**
 * Puts the issue's row in the index (or takes it out, for null). Two changes of one issue can
 * reach here in the other order than they landed on the record, so a row already newer (`rev`)
 * than this copy stays. A delete can land between a change's two writes: it takes the row out
 * after removing the record, so a row put back after that is taken out here, once the record is
 * seen gone.
 */
async function writeRow(issue: NewsletterIssue | null, id: string): Promise<void> {
  await index.update((doc) => {
    const held = doc.rows.find((r) => r.id === id);
    if (issue && held && held.rev > issue.rev) return doc;
    const rows = doc.rows.filter((r) => r.id !== id);
    if (issue) rows.push(summaryOf(issue));
    return { rows: rows.sort(newestFirst) };
  });
  if (issue && !(await readJSON(store(), issueKey(id), newsletterIssueSchema)))
    await writeRow(null, id);
}

/**
 * Claims a slug for an issue: `<subject>-<YYYY-MM-DD>`, then `-2`, `-3`… when another issue holds
 * it. The claim is created only if new, so two issues never share a slug.
 */
async function claimSlug(id: string, subject: string, at: string): Promise<string> {
  const base = `${slugify(subject).slice(0, 100) || 'issue'}-${at.slice(0, 10)}`;
  for (let n = 1; n <= 50; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const key = ISSUE_KEYS.slug(slug);
    if (await createJSON(store(), key, slugClaimSchema, { id })) return slug;
    if ((await readJSON(store(), key, slugClaimSchema))?.value.id === id) return slug;
  }
  throw new HttpError(409, 'Too many issues share this subject today: change the subject');
}

const issueKey = (id: string) => {
  if (!/^[\w-]{1,100}$/.test(id)) throw new HttpError(404, 'No such newsletter issue');
  return ISSUE_KEYS.issue(id);
};

/** Creates a draft issue. */
export async function createIssue(
  createdBy: string,
  input: IssueCreate,
  extra: Pick<NewsletterIssue, 'origin' | 'digestOf'> = { origin: 'manual' },
): Promise<NewsletterIssue> {
  // A new random id: never deleted, never stored, so the issue is always the one made here.
  return (await createIssueOnce(randomUUID(), createdBy, async () => input, extra)).issue!;
}

/**
 * Creates an issue under a fixed id (a digest's, derived from what it is about) unless one
 * exists or was deleted: a repeat answers the stored issue (null once deleted), `created: false`,
 * and changes nothing. The digests are prepared by a check that looks back a day every minute, so
 * an editor's delete must outlast the issue: read after the issue, the mark the delete left
 * before removing it is always seen. A draft, or with `scheduledAt` an issue that sends itself
 * then: made scheduled in the one write that makes it, so no run cut off after it leaves a draft
 * that nothing will schedule. `makeInput` runs only when the issue is to be made (null: make none),
 * so a check that finds its digest made reads nothing of what the digest is about.
 */
export async function createIssueOnce(
  id: string,
  createdBy: string,
  makeInput: () => Promise<IssueCreate | null>,
  extra: Pick<NewsletterIssue, 'origin' | 'digestOf'>,
  scheduledAt?: string,
): Promise<{ issue: NewsletterIssue | null; created: boolean }> {
  const known = await readJSON(store(), issueKey(id), newsletterIssueSchema);
  if (known) {
    // A run cut off between the issue and its row left it off the list, where neither the admin
    // nor the scheduled send's check (which reads the rows) would find it: the repeat adds it.
    if (!(await index.read()).rows.some((r) => r.id === id)) await writeRow(known.value, id);
    return { issue: known.value, created: false };
  }
  if (await readJSON(store(), ISSUE_KEYS.deleted(id), deletedMarkSchema))
    return { issue: null, created: false };
  const input = await makeInput();
  if (!input) return { issue: null, created: false };
  const now = new Date().toISOString();
  const issue = newsletterIssueSchema.parse({
    ...input,
    ...extra,
    id,
    slug: await claimSlug(id, input.subject, now),
    ...(scheduledAt ? { status: 'scheduled', scheduledAt } : { status: 'draft' }),
    createdBy,
    createdAt: now,
    updatedAt: now,
  });
  if (!(await createJSON(store(), ISSUE_KEYS.issue(id), newsletterIssueSchema, issue)))
    return { issue: await getIssue(id), created: false };
  await writeRow(issue, id);
  return { issue, created: true };
}

/** One issue, or 404. */
export async function getIssue(id: string): Promise<NewsletterIssue> {
  const found = await readJSON(store(), issueKey(id), newsletterIssueSchema);
  if (!found) throw new HttpError(404, 'No such newsletter issue');
  return found.value;
}

/**
 * Changes an issue in an etag-guarded loop (the sender, the bounce webhook and an editor may
 * write at once) and brings its index row up to date. `mutate` may throw to refuse.
 */
export async function changeIssue(
  id: string,
  mutate: (issue: NewsletterIssue) => NewsletterIssue,
): Promise<NewsletterIssue> {
  const next = await updateJSON(
    store(),
    issueKey(id),
    newsletterIssueSchema,
    () => {
      throw new HttpError(404, 'No such newsletter issue');
    },
    (issue) => ({ ...mutate(issue), updatedAt: new Date().toISOString(), rev: issue.rev + 1 }),
  );
  await writeRow(next, id);
  return next;
}

/** 409 unless the issue can still be edited: a sending or sent issue is what subscribers got. */
export function assertEditable(issue: NewsletterIssue): void {
  if (issue.status === 'sending' || issue.status === 'sent')
    throw new HttpError(
      409,
      issue.status === 'sent'
        ? 'This issue has been sent: it can no longer be changed or deleted'
        : 'This issue is being sent: it can no longer be changed or deleted',
    );
}

/** Edits a draft or scheduled issue; a new subject moves it to a new slug. */
export async function updateIssue(id: string, patch: IssueUpdate): Promise<NewsletterIssue> {
  const current = await getIssue(id);
  assertEditable(current);
  const slug =
    patch.subject !== undefined && patch.subject !== current.subject
      ? await claimSlug(id, patch.subject, current.createdAt)
      : current.slug;
  const next = await changeIssue(id, (issue) => {
    assertEditable(issue);
    return { ...issue, ...patch, slug };
  });
  if (slug !== current.slug) await deleteKey(store(), ISSUE_KEYS.slug(current.slug));
  return next;
}

/** Deletes a draft or scheduled issue. */
export async function deleteIssue(id: string): Promise<void> {
  const issue = await getIssue(id);
  assertEditable(issue);
  // Its mark first (createIssueOnce), then the issue: a send that starts meanwhile sees the issue
  // gone rather than half-deleted.
  await writeJSON(store(), ISSUE_KEYS.deleted(id), deletedMarkSchema, {
    at: new Date().toISOString(),
  });
  await deleteKey(store(), issueKey(id));
  await deleteKey(store(), ISSUE_KEYS.slug(issue.slug));
  await writeRow(null, id);
}

/** The rows of the index, newest first (one document read). */
export const issueRows = async (): Promise<IssueSummary[]> => (await index.read()).rows;

/** GET /api/admin/newsletter-issues: a page of summary rows, newest first. */
export async function listIssues(page: number, pageSize: number): Promise<IssueList> {
  const rows = await issueRows();
  return {
    items: rows.slice((page - 1) * pageSize, page * pageSize),
    total: rows.length,
    page,
    pageSize,
  };
}

/** Sent issues, newest sent first: what the public archive lists (summary rows, no intro). */
export async function listSentIssues(): Promise<IssueSummary[]> {
  return (await issueRows())
    .filter((r) => r.status === 'sent')
    .sort((a, b) => (b.sentAt ?? '').localeCompare(a.sentAt ?? ''));
}

/** A sent issue by its slug, or null (drafts and issues still going out are not public). */
export async function readSentIssueBySlug(slug: string): Promise<NewsletterIssue | null> {
  if (!/^[\p{L}\p{N}-]{1,140}$/u.test(slug)) return null;
  const claim = await readJSON(store(), ISSUE_KEYS.slug(slug), slugClaimSchema);
  if (!claim) return null;
  const found = await readJSON(store(), ISSUE_KEYS.issue(claim.value.id), newsletterIssueSchema);
  return found?.value.status === 'sent' && found.value.slug === slug ? found.value : null;
}
