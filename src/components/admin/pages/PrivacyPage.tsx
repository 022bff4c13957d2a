import Search from 'lucide-react/icons/search';
import Trash2 from 'lucide-react/icons/trash';
import { useState, type FormEvent } from 'react';
import { fetchQuery, mutate } from '../../../lib/api';
import Button from '../../ui/Button';
import ConfirmDialog from '../../ui/ConfirmDialog';
import FormField from '../../ui/FormField';
import LoadStatus from '../../ui/LoadStatus';
import { cx, ui } from '../../ui/styles';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import { formatWhen } from '../format-time';
import PageHeader from '../PageHeader';
import { useFetch } from '../use-fetch';

interface Found {
  messages: { id: string; name: string; email: string; subject: string; createdAt: string }[];
  subscription: { email: string; createdAt: string } | null;
  testimonials: { id: string; name: string; approved: boolean; image: string; createdAt: string }[];
  historyEntries: number;
}
interface AuditEntry {
  id: string;
  at: string;
  user: string;
  action: 'erase' | 'export' | 'retention';
  what: string;
  count?: number;
}

const ACTIONS: Record<AuditEntry['action'], string> = {
  erase: 'Erased',
  export: 'Exported',
  retention: 'Deleted on schedule',
};
const WHAT: Record<string, string> = {
  person: 'one person’s data',
  'contact-forms': 'contact messages',
  subscriptions: 'newsletter subscribers',
  unsubscribed: 'unsubscribed newsletter addresses',
  testimonials: 'testimonials',
};

const nothing = (f: Found) =>
  f.messages.length === 0 &&
  !f.subscription &&
  f.testimonials.length === 0 &&
  f.historyEntries === 0;

/** Find everything the site holds about one person, erase it in one action, and see every erasure and export. */
export default function PrivacyPage() {
  const audit = useFetch<{ items: AuditEntry[] }>('/api/admin/privacy/audit');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [found, setFound] = useState<{ who: { email: string; name: string }; data: Found } | null>(
    null,
  );
  const searching = useAction({ fallback: 'The search failed. Please try again.' });
  const erasing = useAction({
    toast: 'Could not erase',
    fallback: 'Nothing was reported as erased. Please try again.',
  });
  const busy = searching.pending || erasing.pending;
  const [confirming, setConfirming] = useState(false);

  const search = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() && !name.trim()) return searching.setError('Give an email address or a name');
    void searching.run(async () => {
      const q = new URLSearchParams({ email: email.trim(), name: name.trim() });
      setFound({
        who: { email: email.trim(), name: name.trim() },
        data: await fetchQuery<Found>(`/api/admin/privacy/person?${q}`),
      });
    });
  };

  const erase = async () => {
    if (!found) return;
    await erasing.run(async () => {
      const done = await mutate<{
        messages: number;
        testimonials: number;
        photos: number;
        historyEntries: number;
      }>('POST', '/api/admin/privacy/erase', found.who);
      void notify({
        title: 'Erased',
        description: `${done.messages} messages, ${done.testimonials} testimonials, ${done.photos} photos and ${done.historyEntries} History entries.`,
      });
      setFound(null);
      await audit.reload();
    });
    setConfirming(false);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Privacy"
        description="Find what the site holds about one person, and erase it. Retention periods are in Site settings."
      />
      <form
        onSubmit={search}
        className={cx(ui.card, 'grid gap-4 p-5 sm:grid-cols-2')}
        noValidate
        aria-label="Find a person"
      >
        <FormField
          look="admin"
          id="privacy-email"
          label="Email address"
          hint="Finds their messages and newsletter subscription."
        >
          <input
            id="privacy-email"
            type="email"
            className={ui.input}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <FormField
          look="admin"
          id="privacy-name"
          label="Name"
          optional
          hint="Finds their testimonials and messages sent under this name."
        >
          <input
            id="privacy-name"
            className={ui.input}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
        <div className="sm:col-span-2">
          {searching.error && (
            <p role="alert" className="mb-2 text-sm text-red-700">
              {searching.error}
            </p>
          )}
          <Button type="submit" disabled={busy}>
            <Search aria-hidden="true" className="h-4 w-4" />
            Find
          </Button>
        </div>
      </form>

      {found && (
        <section
          aria-labelledby="privacy-found"
          className={cx(ui.card, 'space-y-3 p-5 text-sm')}
          data-testid="privacy-found"
        >
          <h2 id="privacy-found" className="text-base font-semibold">
            What the site holds
          </h2>
          {nothing(found.data) ? (
            <p className="text-ink-muted">
              Nothing: no message, subscription, testimonial or History entry matches.
            </p>
          ) : (
            <>
              <ul className="list-disc space-y-1 pl-5">
                {found.data.messages.map((m) => (
                  <li key={m.id}>
                    Contact message from {m.name} &lt;{m.email}&gt;, {formatWhen(m.createdAt)}
                  </li>
                ))}
                {found.data.subscription && (
                  <li>
                    Newsletter subscription since {formatWhen(found.data.subscription.createdAt)}
                  </li>
                )}
                {found.data.testimonials.map((t) => (
                  <li key={t.id}>
                    Testimonial by {t.name} ({t.approved ? 'published' : 'not approved'}
                    {t.image ? ', with a photo' : ''})
                  </li>
                ))}
                {found.data.historyEntries > 0 && (
                  <li>{found.data.historyEntries} History entries holding copies</li>
                )}
              </ul>
              <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Erase all of it
              </Button>
            </>
          )}
        </section>
      )}

      <section aria-labelledby="privacy-audit">
        <h2 id="privacy-audit" className="mb-2 text-base font-semibold">
          Erasures and exports
        </h2>
        <LoadStatus loaded={!!audit.data} error={audit.error} />
        {audit.data && audit.data.items.length === 0 && (
          <p className="text-sm text-ink-muted">None yet.</p>
        )}
        {audit.data && audit.data.items.length > 0 && (
          <ul className={cx(ui.card, 'divide-y divide-slate-100 text-sm')}>
            {audit.data.items.map((a) => (
              <li key={a.id} className="p-3" data-testid="audit-entry">
                {ACTIONS[a.action]} {WHAT[a.what] ?? a.what}
                {a.count !== undefined ? ` (${a.count})` : ''} by {a.user}, {formatWhen(a.at)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={confirming}
        title="Erase this person's data?"
        message="Their messages, subscription, testimonials and photos are deleted, and History keeps only who did what and when. This cannot be undone."
        confirmLabel="Erase"
        busy={busy}
        onConfirm={() => void erase()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
