import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { apiRequest, mutate } from '../../../lib/api';
import { CONTACT_SUBJECT_LABELS } from '../../../schemas/contact-form';
import type { ContactForm } from '../../../schemas/contact-message';
import { useConfirmedDelete } from '../collections/use-delete';
import { formatWhen } from '../format-time';
import ExportButton from '../ExportButton';
import PageHeader from '../PageHeader';
import ConfirmDialog from '../../ui/ConfirmDialog';
import Dialog from '../../ui/Dialog';
import Pagination from '../../ui/Pagination';
import LoadStatus from '../../ui/LoadStatus';
import Button from '../../ui/Button';
import { buttonClass, cx, ui } from '../../ui/styles';
import { useFetch } from '../use-fetch';
import type { Page } from '../../../schemas/page';

const PAGE_SIZE = 20;
const subjectLabel = (s: string) => (CONTACT_SUBJECT_LABELS as Record<string, string>)[s] ?? s;

/** The contact inbox: newest first, open (marks read), delete, CSV export. */
export default function ContactForms() {
  const [page, setPage] = useState(1);
  const { data, setData, error, reload } = useFetch<Page<ContactForm>>(
    `/api/admin/contact-forms?page=${page}&pageSize=${PAGE_SIZE}`,
  );
  const [open, setOpen] = useState<ContactForm | null>(null);
  const removal = useConfirmedDelete<ContactForm>(
    (m) => `/api/admin/contact-forms/${encodeURIComponent(m.id)}`,
    () => {
      setOpen(null);
      void reload();
    },
    'Message',
  );

  async function show(message: ContactForm) {
    setOpen(message);
    try {
      const full = await apiRequest<ContactForm>(
        'GET',
        `/api/admin/contact-forms/${encodeURIComponent(message.id)}`,
      );
      setOpen(full);
      if (!full.read) {
        const read = await mutate<ContactForm>(
          'PATCH',
          `/api/admin/contact-forms/${encodeURIComponent(message.id)}`,
          { read: true },
        );
        setData((d) => d && { ...d, items: d.items.map((m) => (m.id === read.id ? read : m)) });
      }
    } catch {
      // The list already holds the message; marking it read can wait for the next open.
    }
  }

  return (
    <div>
      <PageHeader
        title="Contact messages"
        description="Messages sent through the contact form, newest first."
      >
        <ExportButton request={{ kind: 'messages' }}>Export CSV</ExportButton>
      </PageHeader>
      <LoadStatus loaded={!!data} error={error} />
      {data && data.items.length === 0 && (
        <p className={cx(ui.card, 'p-8 text-center text-ink-muted')}>No messages yet.</p>
      )}
      {data && data.items.length > 0 && (
        <ul className={cx(ui.card, 'divide-y divide-slate-100')} aria-label="Messages">
          {data.items.map((m) => (
            <li key={m.id} className="flex items-center gap-3 px-4 py-3" data-testid="message-row">
              <span
                aria-hidden="true"
                className={cx(
                  'h-2 w-2 shrink-0 rounded-full',
                  m.read ? 'bg-transparent' : 'bg-brand-600',
                )}
              />
              <button
                type="button"
                onClick={() => void show(m)}
                className="min-w-0 flex-1 text-left"
              >
                <span
                  className={cx(
                    'block truncate text-sm',
                    m.read ? 'text-ink' : 'font-semibold text-ink',
                  )}
                >
                  {m.name} · {subjectLabel(m.subject)}
                  {!m.read && <span className="sr-only"> (unread)</span>}
                </span>
                <span className="block truncate text-xs text-ink-soft">{m.message}</span>
              </button>
              <span className="hidden shrink-0 text-xs text-ink-soft sm:block">
                {formatWhen(m.createdAt)}
              </span>
              <button
                type="button"
                className={cx(ui.icon, 'hover:text-red-700')}
                onClick={() => removal.ask(m)}
                aria-label={`Delete the message from ${m.name}`}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
      )}
      <Dialog
        open={open !== null}
        variant="panel"
        title={open ? `Message from ${open.name}` : ''}
        onClose={() => setOpen(null)}
      >
        {open && (
          <div className="space-y-4 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-ink-soft">From</dt>
              <dd>
                {open.name} &lt;
                <a className="text-brand-700 underline" href={`mailto:${open.email}`}>
                  {open.email}
                </a>
                &gt;
              </dd>
              <dt className="text-ink-soft">Subject</dt>
              <dd>{subjectLabel(open.subject)}</dd>
              <dt className="text-ink-soft">Received</dt>
              <dd>{formatWhen(open.createdAt)}</dd>
            </dl>
            <p className="rounded-md bg-slate-50 p-3 break-words whitespace-pre-wrap">
              {open.message}
            </p>
            <div className="flex justify-end gap-2">
              <a className={buttonClass()} href={`mailto:${open.email}`} data-autofocus>
                Reply by e-mail
              </a>
              <Button variant="danger" onClick={() => removal.ask(open)}>
                Delete
              </Button>
            </div>
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={removal.target !== null}
        title="Delete this message?"
        message={removal.target ? `The message from ${removal.target.name} will be deleted.` : ''}
        confirmLabel="Delete"
        busy={removal.busy}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      />
    </div>
  );
}
