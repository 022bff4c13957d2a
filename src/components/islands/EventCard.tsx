import { Icon } from '../ui/Icon';
import {
  eventAction,
  eventDateLabel,
  eventLocationLabel,
  eventTimeLabel,
} from '../../lib/event-card';
import { eventUrl } from '../../lib/event-page';
import { badgeForType, type BadgeVariant, type ClientEvent } from '../../schemas/event-client';

// The four badge styles of the spec's type table, in the site's palette.
const BADGE: Record<BadgeVariant, string> = {
  default: 'bg-brand-700 text-white',
  secondary: 'bg-brand-100 text-brand-900',
  outline: 'bg-white text-brand-900 ring-1 ring-inset ring-slate-300',
  destructive: 'bg-red-700 text-white',
};
const ACTION =
  'inline-flex w-full items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold transition';

/** One event card: badges, title, dates, place, a 3-line description and one action. */
export default function EventCard({ event, now }: { event: ClientEvent; now: number }) {
  const action = eventAction(event, now);
  const time = eventTimeLabel(event);
  return (
    <article
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md"
      data-testid="event-card"
    >
      <div className="flex flex-wrap gap-2">
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[badgeForType(event.eventType)]}`}
          data-badge={badgeForType(event.eventType)}
        >
          {event.eventType}
        </span>
        {event.featured && (
          <span className="rounded-full bg-accent-400 px-2.5 py-0.5 text-xs font-semibold text-brand-950">
            Featured
          </span>
        )}
      </div>
      <h3 className="mt-4 text-lg leading-snug font-semibold text-brand-950">
        {event.slug ? (
          <a
            href={eventUrl(event)}
            className="hover:text-brand-700 hover:underline"
            data-testid="event-page-link"
          >
            {event.title}
          </a>
        ) : (
          event.title
        )}
      </h3>
      <ul className="mt-3 space-y-1.5 text-sm text-ink-muted">
        <li className="flex items-center gap-2">
          <Icon name="calendar" className="h-4 w-4 flex-none text-brand-600" />
          <span data-testid="event-date">{eventDateLabel(event)}</span>
        </li>
        {time && (
          <li className="flex items-center gap-2">
            <Icon name="clock" className="h-4 w-4 flex-none text-brand-600" />
            <span>{time}</span>
          </li>
        )}
        <li className="flex items-center gap-2">
          {event.isVirtual ? (
            <Icon name="video" className="h-4 w-4 flex-none text-brand-600" />
          ) : (
            <Icon name="pin" className="h-4 w-4 flex-none text-brand-600" />
          )}
          <span>{eventLocationLabel(event)}</span>
        </li>
      </ul>
      {event.description && (
        <p className="mt-4 line-clamp-3 text-sm leading-relaxed text-ink-muted">
          {event.description}
        </p>
      )}
      <div className="mt-auto pt-6">
        {action.kind === 'highlights' && (
          // A GET form keeps the spec's button and still navigates without JavaScript.
          <form action={action.href} method="get">
            <button
              type="submit"
              className={`${ACTION} bg-brand-950 text-white hover:bg-brand-800`}
            >
              {action.label}
            </button>
          </form>
        )}
        {(action.kind === 'register' || action.kind === 'join') && (
          <a
            href={action.href}
            target="_blank"
            rel="noopener noreferrer"
            className={`${ACTION} bg-brand-700 text-white hover:bg-brand-800`}
          >
            {action.label}
          </a>
        )}
        {action.kind === 'none' && (
          <button
            type="button"
            disabled
            className={`${ACTION} cursor-not-allowed bg-slate-100 text-slate-600`}
          >
            {action.label}
          </button>
        )}
      </div>
    </article>
  );
}
