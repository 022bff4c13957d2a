import Link2 from 'lucide-react/icons/link-2';
import Trash2 from 'lucide-react/icons/trash';
import { useState, type FormEvent } from 'react';
import { mutate } from '../../../lib/api';
import {
  PREVIEW_DEFAULT_DAYS,
  PREVIEW_MAX_DAYS,
  type CreatedPreviewLink,
  type PreviewKind,
  type PreviewLinkSummary,
} from '../../../schemas/preview-link';
import FormField from '../../ui/FormField';
import LoadStatus from '../../ui/LoadStatus';
import Button from '../../ui/Button';
import CopyButton from '../../ui/CopyButton';
import { cx, ui } from '../../ui/styles';
import { useAction } from '../../ui/use-action';
import { notify } from '../../ui/toast';
import { formatWhen } from '../format-time';
import PageHeader from '../PageHeader';
import { useFetch } from '../use-fetch';

interface Item {
  id: string;
  title: string;
  status?: string;
}

/** Private links to drafts and scheduled items, for journalists under embargo: make, copy, revoke. */
export default function PreviewLinksPage() {
  const links = useFetch<PreviewLinkSummary[]>('/api/admin/preview-links');
  // Only what is not public yet is offered: drafts and scheduled items, filtered on the server.
  const list = (api: string, status: string) => `/api/${api}/all?status=${status}&pageSize=100`;
  const pubDrafts = useFetch<{ items: Item[] }>(list('publications', 'draft'));
  const pubScheduled = useFetch<{ items: Item[] }>(list('publications', 'scheduled'));
  const evDrafts = useFetch<{ items: Item[] }>(list('events', 'draft'));
  const evScheduled = useFetch<{ items: Item[] }>(list('events', 'scheduled'));
  const [choice, setChoice] = useState('');
  const [days, setDays] = useState(String(PREVIEW_DEFAULT_DAYS));
  const [made, setMade] = useState<CreatedPreviewLink | null>(null);
  const making = useAction({ fallback: 'The link could not be made. Please try again.' });
  const revoking = useAction({ toast: 'Could not revoke', fallback: 'Please try again.' });

  const unpublished = (kind: PreviewKind, items: Item[] | null | undefined) =>
    (items ?? [])
      .filter((i) => (i.status ?? 'published') !== 'published')
      .map((i) => ({ kind, ...i }));
  const rows = (...pages: ({ items: Item[] } | null)[]) => pages.flatMap((p) => p?.items ?? []);
  const options = [
    ...unpublished('publication', rows(pubDrafts.data, pubScheduled.data)),
    ...unpublished('event', rows(evDrafts.data, evScheduled.data)),
  ];

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const [kind, id] = choice.split(':') as [PreviewKind, string];
    if (!id) return making.setError('Choose a draft or scheduled item');
    await making.run(async () => {
      setMade(
        await mutate<CreatedPreviewLink>('POST', '/api/admin/preview-links', {
          kind,
          id,
          expiresInDays: Number(days),
        }),
      );
      await links.reload();
    });
  };

  const revoke = (link: PreviewLinkSummary) =>
    revoking.run(async () => {
      await mutate('DELETE', `/api/admin/preview-links/${link.id}`);
      void notify({
        title: 'Link revoked',
        description: `The preview of ${link.title} no longer opens.`,
      });
      await links.reload();
    });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Preview links"
        description="Share a draft or scheduled item before it is public: the page as it will look, marked as a preview, never indexed."
      />
      <form
        onSubmit={(e) => void create(e)}
        className={cx(ui.card, 'grid gap-4 p-5 sm:grid-cols-3')}
        noValidate
        aria-label="Make a preview link"
      >
        <FormField
          look="admin"
          id="preview-item"
          label="Item"
          className="sm:col-span-2"
          error={making.error}
        >
          <select
            id="preview-item"
            className={ui.input}
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            <option value="">Choose a draft or scheduled item</option>
            {options.map((o) => (
              <option key={`${o.kind}:${o.id}`} value={`${o.kind}:${o.id}`}>
                {o.title} ({o.kind}, {o.status})
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          look="admin"
          id="preview-days"
          label="Works for (days)"
          hint={`At most ${PREVIEW_MAX_DAYS}.`}
        >
          <input
            id="preview-days"
            type="number"
            min={1}
            max={PREVIEW_MAX_DAYS}
            className={ui.input}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </FormField>
        <div className="sm:col-span-3">
          <Button type="submit" disabled={making.pending}>
            <Link2 aria-hidden="true" className="h-4 w-4" />
            Make link
          </Button>
        </div>
      </form>

      {made && (
        <section aria-labelledby="made-link" className={cx(ui.card, 'space-y-2 p-5 text-sm')}>
          <h2 id="made-link" className="font-semibold">
            Link to {made.title}
          </h2>
          <p className="text-ink-muted">
            Copy it now: it is shown only this once. It works until {formatWhen(made.expiresAt)}.
          </p>
          <p className="flex flex-wrap items-center gap-2">
            <code className="break-all" data-testid="preview-url">
              {made.url}
            </code>
            <CopyButton text={made.url} copied="Copied" />
          </p>
        </section>
      )}

      <section aria-labelledby="preview-list">
        <h2 id="preview-list" className="mb-2 text-base font-semibold">
          Links
        </h2>
        <LoadStatus loaded={!!links.data} error={links.error} />
        {links.data?.length === 0 && (
          <p className="text-sm text-ink-muted">No preview links yet.</p>
        )}
        {!!links.data?.length && (
          <ul className={cx(ui.card, 'divide-y divide-slate-100 text-sm')}>
            {links.data.map((l) => (
              <li
                key={l.id}
                className="flex flex-wrap items-center justify-between gap-3 p-3"
                data-testid="preview-link"
              >
                <span>
                  <strong>{l.title}</strong> ({l.kind}) · made by {l.createdBy}{' '}
                  {formatWhen(l.createdAt)} ·{' '}
                  {l.expired ? 'expired' : `until ${formatWhen(l.expiresAt)}`} ·{' '}
                  {l.lastOpenedAt ? `last opened ${formatWhen(l.lastOpenedAt)}` : 'never opened'}
                </span>
                {!l.expired && (
                  <Button
                    variant="ghost"
                    onClick={() => void revoke(l)}
                    aria-label={`Revoke the preview link to ${l.title}`}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
