import { useStore } from '@nanostores/react';
import type { LucideIcon } from 'lucide-react/types';
import CalendarDays from 'lucide-react/icons/calendar-days';
import Inbox from 'lucide-react/icons/inbox';
import Mail from 'lucide-react/icons/mail';
import MessageSquareQuote from 'lucide-react/icons/message-square-quote';
import { lazy, Suspense, useEffect } from 'react';
import type { AdminSummary as Summary } from '../../../schemas/admin-summary';
import type { HistoryEntry } from '../../../schemas/history';
import { $publish } from '../../../stores/publish';
import AdminLink from '../AdminLink';
import { can, type Permission } from '../../../schemas/roles';
import { $session } from '../../../stores/session';
import type { PageProps } from '../admin-page-types';
import { formatAgo } from '../format-time';
import PageHeader from '../PageHeader';
import PublishBadge from '../PublishBadge';
import ScheduledReleases from '../ScheduledReleases';
import { cx, ui } from '../../ui/styles';
import { useFetch } from '../use-fetch';
import { changeValues, describeChange } from './change-text';
import MailNotice from './MailNotice';
import UnheardNotice from './UnheardNotice';
import UploadStorage from './UploadStorage';

// Its own chunk: the dashboard shows its counts before the impact figures arrive.
const LatestImpact = lazy(() => import('../analytics/LatestImpact'));

const COUNTS: {
  key: keyof Omit<
    Summary,
    | 'publish'
    | 'soleAdmin'
    | 'mail'
    | 'missingAltText'
    | 'mediaWithoutAlt'
    | 'uploadStorage'
    | 'unheardNotifications'
  >;
  label: string;
  page: string;
  icon: LucideIcon;
  attention: boolean;
  permission: Permission;
}[] = [
  {
    key: 'unreadMessages',
    label: 'Unread messages',
    page: 'contact-forms',
    icon: Inbox,
    attention: true,
    permission: 'personal-data',
  },
  {
    key: 'pendingTestimonials',
    label: 'Testimonials to review',
    page: 'testimonials',
    icon: MessageSquareQuote,
    attention: true,
    permission: 'content',
  },
  {
    key: 'subscribers',
    label: 'Newsletter subscribers',
    page: 'subscriptions',
    icon: Mail,
    attention: false,
    permission: 'personal-data',
  },
  {
    key: 'upcomingEvents',
    label: 'Upcoming events',
    page: 'events',
    icon: CalendarDays,
    attention: false,
    permission: 'content',
  },
];

/** The dashboard: what needs attention, the publish state, recent changes and every admin page. */
export default function Dashboard({ menu }: PageProps) {
  const summary = useFetch<Summary>('/api/admin/summary');
  const history = useFetch<HistoryEntry[]>('/api/admin/history?limit=10');
  // The summary carries the publish state too: show it at once rather than after the next poll.
  useEffect(() => {
    if (summary.data?.publish && !$publish.get()) $publish.set(summary.data.publish);
  }, [summary.data]);
  useStore($publish);
  const session = useStore($session);
  const role = session.status === 'signed-in' ? session.user.role : 'editor';

  return (
    <div className="space-y-8">
      <PageHeader
        title="Dashboard"
        description="What needs your attention, and where everything is."
      />
      <section aria-label="Needs attention" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {COUNTS.filter((c) => can(role, c.permission)).map(
          ({ key, label, page, icon: Icon, attention }) => {
            const count = summary.data?.[key];
            const highlight = attention && (count ?? 0) > 0;
            return (
              <AdminLink
                key={key}
                page={page}
                className={cx(
                  ui.card,
                  'block p-4 transition hover:border-brand-300 hover:shadow',
                  highlight && 'border-accent-400 bg-amber-50/40',
                )}
              >
                <Icon
                  aria-hidden="true"
                  className={cx('h-5 w-5', highlight ? 'text-accent-600' : 'text-brand-600')}
                />
                <p className="mt-3 text-2xl font-semibold text-ink" data-testid={`count-${key}`}>
                  {count ?? '–'}
                </p>
                <p className="text-sm text-ink-muted">{label}</p>
              </AdminLink>
            );
          },
        )}
      </section>
      {summary.error && (
        <p role="alert" className="text-red-700">
          {summary.error}
        </p>
      )}
      {summary.data?.soleAdmin && (
        <p
          className={cx(ui.card, 'border-accent-400 bg-amber-50/60 p-4 text-sm text-ink')}
          data-testid="sole-admin-warning"
        >
          <strong>You are the only admin: invite a second.</strong> If you lose your password and
          your second factor, nobody else can let you back in.{' '}
          <AdminLink page="users" className="font-medium text-brand-700 underline">
            Invite someone on Users
          </AdminLink>
        </p>
      )}
      <MailNotice mail={summary.data?.mail} />
      {summary.data && <UnheardNotice unheard={summary.data.unheardNotifications} />}
      {summary.data && <UploadStorage {...summary.data.uploadStorage} />}
      {summary.data && summary.data.mediaWithoutAlt > 0 && (
        <p
          className={cx(ui.card, 'border-accent-400 bg-amber-50/60 p-4 text-sm text-ink')}
          data-testid="media-without-alt"
        >
          <strong>
            {summary.data.mediaWithoutAlt} image{summary.data.mediaWithoutAlt === 1 ? '' : 's'} in
            the media library {summary.data.mediaWithoutAlt === 1 ? 'has' : 'have'} no alt text.
          </strong>{' '}
          {/* A full link: the Media page reads its filter from the address. */}
          <a href="/admin/media?alt=missing" className="font-medium text-brand-700 underline">
            Describe them on Media
          </a>
        </p>
      )}
      {summary.data && summary.data.missingAltText.length > 0 && (
        <section
          aria-labelledby="alt-heading"
          className={cx(ui.card, 'border-accent-400 bg-amber-50/60 p-4 text-sm text-ink')}
          data-testid="missing-alt-text"
        >
          <h2 id="alt-heading" className="font-semibold">
            Images without alt text
          </h2>
          <p className="mt-1 text-ink-muted">
            People who cannot see these images get no description of them. Describe each, or mark it
            decorative.
          </p>
          <ul className="mt-2 list-disc pl-5">
            {summary.data.missingAltText.map((r) => (
              <li key={`${r.collection}/${r.id}`}>
                <AdminLink page={r.collection} className="font-medium text-brand-700 underline">
                  {r.title}
                </AdminLink>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="publish-heading" className={cx(ui.card, 'p-5')}>
        <h2 id="publish-heading" className="text-base font-semibold">
          Publishing
        </h2>
        <p className="mt-1 mb-3 text-sm text-ink-muted">
          Saved changes go live after the site is rebuilt, usually within a minute.
        </p>
        <PublishBadge detailed />
        <div className="mt-4">
          <ScheduledReleases />
        </div>
      </section>

      <Suspense fallback={null}>
        <LatestImpact />
      </Suspense>

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="recent-heading" className={cx(ui.card, 'p-5')}>
          <div className="flex items-center justify-between">
            <h2 id="recent-heading" className="text-base font-semibold">
              Recent changes
            </h2>
            <AdminLink
              page="history"
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              All history
            </AdminLink>
          </div>
          {history.data && history.data.length === 0 && (
            <p className="mt-3 text-sm text-ink-muted">No changes yet.</p>
          )}
          <ul className="mt-3 divide-y divide-slate-100">
            {history.data?.map((e) => {
              const values = changeValues(e);
              return (
                <li key={e.id} className="py-2 text-sm" data-testid="recent-change">
                  <span className="font-medium text-ink">{describeChange(e)}</span>
                  {values && (
                    <span className="block text-ink-muted">
                      “{values.before}” → “{values.after}”
                    </span>
                  )}
                  {/* JSX drops the line break before "by": without this space the entry read "addedby admin". */}{' '}
                  <span className="text-ink-muted">
                    by {e.user} · {formatAgo(e.at)}
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
        <section aria-labelledby="pages-heading" className={cx(ui.card, 'p-5')}>
          <h2 id="pages-heading" className="text-base font-semibold">
            Manage
          </h2>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {menu
              .filter((r) => r.page !== 'index')
              .map(({ page, label, blurb, icon: Icon }) => (
                <li key={page}>
                  <AdminLink page={page} className="flex gap-3 rounded-md p-2 hover:bg-slate-50">
                    <Icon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                    <span>
                      <span className="block text-sm font-medium text-ink">{label}</span>
                      <span className="block text-xs text-ink-soft">{blurb}</span>
                    </span>
                  </AdminLink>
                </li>
              ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
