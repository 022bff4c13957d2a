import { useState } from 'react';
import { ApiError, mutate } from '../../../../lib/api';
import { issueCreateSchema, type NewsletterIssue } from '../../../../schemas/newsletter-issue';
import { confirmLeave } from '../../../../stores/admin-unsaved';
import Button from '../../../ui/Button';
import Dialog from '../../../ui/Dialog';
import LoadStatus from '../../../ui/LoadStatus';
import { notify } from '../../../ui/toast';
import { useAction } from '../../../ui/use-action';
import { useUnsaved } from '../../form/use-unsaved';
import { formatWhen } from '../../format-time';
import { useFetch } from '../../use-fetch';
import IssueActions from './IssueActions';
import IssueFields, { type IssueDraft } from './IssueFields';
import IssueProgress from './IssueProgress';
import UnknownRecipients from './UnknownRecipients';
import { usePolling } from './use-polling';

const API = '/api/admin/newsletter-issues';
const EMPTY: IssueDraft = { subject: '', intro: '', items: [], topics: [] };
const draftOf = (i: NewsletterIssue): IssueDraft => ({
  subject: i.subject,
  intro: i.intro,
  items: i.items,
  topics: i.topics,
});

interface EditorProps {
  whyNoSend: string;
  siteZone: string;
  onClose: () => void;
  /** Something about the issue changed: the list reads itself again. */
  onChanged: () => void;
}

/** The drawer of one issue (id null: a new one), from writing it to its send's final counts. */
export default function IssueEditor({ id, ...props }: EditorProps & { id: string | null }) {
  // A new issue becomes a saved one in place: the drawer stays open on it.
  const [current, setCurrent] = useState(id);
  return current ? (
    <SavedIssue id={current} {...props} />
  ) : (
    <IssueForm issue={null} onCreated={setCurrent} {...props} />
  );
}

function SavedIssue({ id, ...props }: EditorProps & { id: string }) {
  const loaded = useFetch<NewsletterIssue>(`${API}/${encodeURIComponent(id)}`);
  usePolling(loaded.data?.status === 'sending', loaded.reload);
  if (!loaded.data)
    return (
      <Dialog open variant="panel" title="Newsletter issue" onClose={props.onClose}>
        <LoadStatus loaded={false} error={loaded.error} />
      </Dialog>
    );
  return <IssueForm issue={loaded.data} onReload={() => void loaded.reload()} {...props} />;
}

function IssueForm({
  issue,
  onCreated,
  onReload,
  whyNoSend,
  siteZone,
  onClose,
  onChanged,
}: EditorProps & {
  issue: NewsletterIssue | null;
  onCreated?: (id: string) => void;
  onReload?: () => void;
}) {
  const [draft, setDraft] = useState(issue ? draftOf(issue) : EMPTY);
  // Each fresh read of the issue resets the form (derived while rendering, not in an effect).
  const [shown, setShown] = useState(issue);
  if (issue !== shown) {
    setShown(issue);
    if (issue) setDraft(draftOf(issue));
  }
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saving = useAction({ toast: 'Not saved', fallback: 'The issue could not be saved.' });
  const editable = !issue || issue.status === 'draft';
  const dirty =
    editable && JSON.stringify(draft) !== JSON.stringify(issue ? draftOf(issue) : EMPTY);
  useUnsaved(dirty);

  /** Saves what the form holds when it differs from the stored issue; false when it could not. */
  const save = async (): Promise<boolean> => {
    if (issue && !dirty) return true;
    const checked = issueCreateSchema.safeParse(draft);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])),
      );
      return false;
    }
    setErrors({});
    return saving.run(
      async () => {
        if (issue) await mutate('PATCH', `${API}/${encodeURIComponent(issue.id)}`, draft);
        else
          onCreated?.(
            (await mutate<Pick<NewsletterIssue, 'id' | 'status'>>('POST', API, draft)).id,
          );
        void notify({ title: issue ? 'Issue saved' : 'Draft saved' });
        onReload?.();
        onChanged();
      },
      {
        onFailure: (failure) =>
          setErrors((failure instanceof ApiError && failure.body?.fields) || {}),
      },
    );
  };
  const close = () => {
    if (!dirty) return onClose();
    void confirmLeave().then((leave) => leave && onClose());
  };

  return (
    <Dialog
      open
      variant="panel"
      title={issue ? (editable ? 'Edit issue' : issue.subject) : 'New issue'}
      description={issue ? statusLine(issue) : 'Write it, preview it, send a test, then send it.'}
      onClose={close}
    >
      <div className="space-y-5">
        {issue && <IssueProgress issue={issue} />}
        {issue && <UnknownRecipients issue={issue} />}
        {issue?.status === 'sent' && (
          <p className="text-sm">
            <a
              className="font-medium text-brand-700 underline"
              href={`/newsletter/${issue.slug}`}
              target="_blank"
              rel="noreferrer"
            >
              Web version
            </a>
          </p>
        )}
        <IssueFields value={draft} onChange={setDraft} readOnly={!editable} errors={errors} />
        {editable && (
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
            <Button onClick={() => void save()} busy={saving.pending} disabled={!dirty && !!issue}>
              Save draft
            </Button>
          </div>
        )}
        {issue && (
          <IssueActions
            issue={issue}
            ready={save}
            whyNoSend={whyNoSend}
            siteZone={siteZone}
            onChanged={() => {
              onReload?.();
              onChanged();
            }}
            onDeleted={() => {
              onChanged();
              onClose();
            }}
          />
        )}
      </div>
    </Dialog>
  );
}

/** Where the issue is, in words. */
function statusLine(issue: NewsletterIssue): string {
  switch (issue.status) {
    case 'draft':
      return 'A draft: only the team sees it.';
    case 'scheduled':
      return `Scheduled for ${formatWhen(issue.scheduledAt)}. Cancel the schedule to change it.`;
    case 'sending':
      return 'Sending now. The counts update by themselves.';
    case 'sent':
      return `Sent ${formatWhen(issue.sentAt)}. A sent issue cannot be changed.`;
  }
}
