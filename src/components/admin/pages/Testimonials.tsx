import Check from 'lucide-react/icons/check';
import Pencil from 'lucide-react/icons/pencil';
import Star from 'lucide-react/icons/star';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { initials } from '../../../lib/format';
import Button from '../../ui/Button';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import { testimonialUpdateSchema, type Testimonial } from '../../../schemas/testimonial';
import { announce } from '../../../stores/admin-announce';
import { saveContent } from '../../../stores/publish';
import type { CollectionConfig } from '../collections/collection-configs';
import ItemEditor from '../collections/ItemEditor';
import { useConfirmedDelete } from '../collections/use-delete';
import { formatWhen } from '../format-time';
import PageHeader from '../PageHeader';
import ConfirmDialog from '../../ui/ConfirmDialog';
import LoadStatus from '../../ui/LoadStatus';
import Pagination from '../../ui/Pagination';
import { cx, ui } from '../../ui/styles';
import { useFetch } from '../use-fetch';
import type { Page } from '../../../schemas/page';
import { shownImage } from '../../../schemas/image-source';

const PAGE_SIZE = 20;

const EDITOR: CollectionConfig = {
  api: 'testimonials',
  endpoint: '/api/admin/testimonials',
  title: 'Testimonials',
  singular: 'testimonial',
  description: '',
  schema: testimonialUpdateSchema,
  fields: [
    { name: 'name', label: 'Full Name', type: 'text', required: true, half: true },
    { name: 'rating', label: 'Rating (1–5)', type: 'number', required: true, half: true },
    { name: 'position', label: 'Position', type: 'text', half: true },
    { name: 'company', label: 'Company', type: 'text', half: true },
    { name: 'content', label: 'Testimonial', type: 'textarea', required: true },
    { name: 'image', label: 'Profile Photo', type: 'image' },
    {
      name: 'linkedin',
      label: 'LinkedIn',
      type: 'url',
      placeholder: 'https://www.linkedin.com/in/…',
    },
  ],
  primary: (t) => String(t.name ?? ''),
};

/** Testimonials: review pending ones (listed first), approve, feature, edit, delete; paged on the server. */
export default function Testimonials() {
  const [page, setPage] = useState(1);
  const { data, setData, error, reload } = useFetch<Page<Testimonial> & { pending: number }>(
    `/api/admin/testimonials?page=${page}&pageSize=${PAGE_SIZE}`,
  );
  const list = data?.items;
  const [editing, setEditing] = useState<Testimonial | null>(null);
  const saving = useAction({
    toast: 'Not saved',
    fallback: 'The testimonial could not be updated.',
  });
  // A change stays in place until the next load (so the row does not jump away); a deletion reloads
  // the page so it fills up again and the counts stay exact.
  const replace = (t: Testimonial) =>
    setData((d) => {
      if (!d) return d;
      const was = d.items.find((x) => x.id === t.id);
      const pendingChange = was && was.approved !== t.approved ? (t.approved ? -1 : 1) : 0;
      return {
        ...d,
        pending: d.pending + pendingChange,
        items: d.items.map((x) => (x.id === t.id ? t : x)),
      };
    });
  // Deleting the last row of the last page leaves it empty: step back to the new last page.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // A page emptied by deletes moves back to the new last page (adjusted while rendering, no effect).
  if (data && data.items.length === 0 && page > lastPage) setPage(lastPage);
  const removal = useConfirmedDelete<Testimonial>(
    (t) => `/api/admin/testimonials/${encodeURIComponent(t.id)}`,
    () => void reload(),
    'Testimonial',
  );

  const toggle = (
    t: Testimonial,
    change: Partial<Pick<Testimonial, 'approved' | 'featured'>>,
    done: string,
  ) =>
    saving.run(
      async () => {
        replace(
          await saveContent<Testimonial>(
            'PATCH',
            `/api/admin/testimonials/${encodeURIComponent(t.id)}`,
            change,
          ),
        );
        notify({ title: done, description: t.name });
        announce(`${done}: ${t.name}`);
      },
      { key: t.id },
    );

  const pending = data?.pending ?? 0;
  return (
    <div>
      <PageHeader
        title="Testimonials"
        description={`Submissions wait for review before they appear on /testimonials.${pending ? ` ${pending} pending.` : ''}`}
      />
      <LoadStatus loaded={!!data} error={error} />
      {data && data.total === 0 && (
        <p className={cx(ui.card, 'p-8 text-center text-ink-muted')}>No testimonials yet.</p>
      )}
      <ul className="space-y-3" aria-label="Testimonials">
        {list?.map((t) => (
          <li
            key={t.id}
            className={cx(ui.card, 'p-4', !t.approved && 'border-amber-300')}
            data-testid="testimonial-row"
          >
            <div className="flex flex-wrap items-start gap-3">
              {t.image ? (
                // The moderator judges the photo itself before approving: large enough to see, and
                // a click opens it at full size. Its name says what it is.
                <a
                  href={t.image}
                  target="_blank"
                  rel="noopener noreferrer"
                  referrerPolicy="no-referrer"
                  className="shrink-0 rounded-lg"
                  title="Open the photo at full size"
                >
                  {shownImage(t.image) ? (
                    // eslint-disable-next-line jsx-a11y/img-redundant-alt
                    <img
                      src={t.image}
                      alt={`Photo of ${t.name}`}
                      width={96}
                      height={96}
                      loading="lazy"
                      referrerPolicy="no-referrer"
                      className="size-24 rounded-lg border border-slate-200 object-cover"
                    />
                  ) : (
                    // Stored before photos had to be on this site: the page cannot load it, the
                    // moderator can still open it; saving the photo field brings it in.
                    <span className="flex size-24 items-center justify-center rounded-lg border border-dashed border-slate-300 p-2 text-center text-xs text-ink-muted">
                      Photo on another site
                    </span>
                  )}
                </a>
              ) : (
                <span
                  aria-hidden="true"
                  className="flex size-24 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-lg font-semibold text-ink-muted"
                >
                  {initials(t.name)}
                </span>
              )}
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-ink">
                  {t.name}
                  <span className="font-normal text-ink-muted">
                    {[t.position, t.company].filter(Boolean).length
                      ? ` · ${[t.position, t.company].filter(Boolean).join(' at ')}`
                      : ''}
                  </span>
                </p>
                <p className="mt-0.5 text-xs text-ink-soft">
                  <span aria-label={`${t.rating} of 5 stars`}>
                    {'★'.repeat(t.rating)}
                    {'☆'.repeat(5 - t.rating)}
                  </span>{' '}
                  · {formatWhen(t.createdAt)}
                </p>
              </div>
              <div className="flex gap-1.5">
                {!t.approved && (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">
                    Pending review
                  </span>
                )}
                {t.featured && (
                  <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
                    Featured
                  </span>
                )}
              </div>
            </div>
            <p className="mt-2 text-sm break-words whitespace-pre-wrap text-ink">{t.content}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                variant={t.approved ? 'secondary' : 'primary'}
                size="sm"
                disabled={saving.pendingFor(t.id)}
                onClick={() =>
                  void toggle(t, { approved: !t.approved }, t.approved ? 'Unapproved' : 'Approved')
                }
              >
                <Check aria-hidden="true" className="h-4 w-4" />
                {t.approved ? 'Unapprove' : 'Approve'}
                <span className="sr-only"> {t.name}</span>
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={saving.pendingFor(t.id)}
                onClick={() =>
                  void toggle(t, { featured: !t.featured }, t.featured ? 'Unfeatured' : 'Featured')
                }
              >
                <Star aria-hidden="true" className="h-4 w-4" />
                {t.featured ? 'Unfeature' : 'Feature'}
                <span className="sr-only"> {t.name}</span>
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setEditing(t)}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                Edit<span className="sr-only"> {t.name}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="hover:text-red-700"
                onClick={() => removal.ask(t)}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Delete<span className="sr-only"> {t.name}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {data && (
        <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
      )}
      {editing && (
        <ItemEditor
          config={EDITOR}
          item={editing as unknown as Record<string, unknown>}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            replace(saved as unknown as Testimonial);
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={removal.target !== null}
        title="Delete this testimonial?"
        message={
          removal.target ? `The testimonial from ${removal.target.name} will be deleted.` : ''
        }
        confirmLabel="Delete"
        busy={removal.busy}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      />
    </div>
  );
}
