import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useHydrated } from '../ui/use-hydrated';
import { fetchQuery } from '../../lib/api';
import {
  byStartDate,
  EVENT_TABS,
  EVENTS_PER_PAGE,
  eventsForTab,
  pastEvents,
  type EventTabId,
} from '../../lib/event-card';
import { type ClientEvent, normaliseEvent } from '../../schemas/event-client';
import EventCard from './EventCard';
import Spinner from '../ui/Spinner';

/**
 * Props, as of the build: at least the first EVENTS_PER_PAGE events of each tab and the latest
 * past ones (not every event: the page must stay small), each tab's full count, and the build
 * time (so the first render matches the HTML).
 */
export interface EventsTabsProps {
  events: ClientEvent[];
  totals: Record<EventTabId, number>;
  builtAt: number;
}

type PerTab<T> = Partial<Record<EventTabId, T>>;

/**
 * The events tabs (Upcoming by default, Featured, All). The build-time lists show at once; on
 * mount and on each tab change the tab's list is fetched again (events are never treated as fresh).
 * A tab shows EVENTS_PER_PAGE cards at first; 'Show more' reveals as many again each time.
 */
export default function EventsTabs({ events, totals, builtAt }: EventsTabsProps) {
  const [active, setActive] = useState<EventTabId>('upcoming');
  // The build time until hydrated (so the first render matches the HTML), then the visitor's clock.
  const [clientNow] = useState(() => Date.now());
  const [data, setData] = useState<PerTab<ClientEvent[]>>(() =>
    Object.fromEntries(
      EVENT_TABS.map((t) => [t.id, eventsForTab(t.id, events, builtAt).slice(0, EVENTS_PER_PAGE)]),
    ),
  );
  // A tab is complete once the API answered (its list is then every event of the tab) or failed
  // (then the build-time page is all there is to show).
  const [complete, setComplete] = useState<PerTab<boolean>>({});
  const [shown, setShown] = useState<PerTab<number>>({});
  const tabRefs = useRef<Partial<Record<EventTabId, HTMLButtonElement | null>>>({});
  // Until hydrated the tabs cannot switch, so the server HTML also lists the latest past events
  // below the upcoming ones for visitors without JavaScript (each event at most once).
  const hydrated = useHydrated();
  const now = hydrated ? clientNow : builtAt;
  const [past] = useState(() => pastEvents(events, builtAt).slice(-EVENTS_PER_PAGE));

  useEffect(() => {
    let current = true;
    const tab = EVENT_TABS.find((t) => t.id === active)!;
    fetchQuery<unknown[]>(tab.url)
      .then((list) => {
        if (!current || !Array.isArray(list)) return;
        const normalised = list.map(normaliseEvent);
        setData((d) => ({
          ...d,
          [active]: active === 'all' ? byStartDate(normalised) : normalised,
        }));
        setComplete((c) => ({ ...c, [active]: true }));
      })
      .catch(() => {
        // Keep what we have (the build-time list); only a tab without any data stops spinning.
        if (!current) return;
        setData((d) => (d[active] ? d : { ...d, [active]: [] }));
        setComplete((c) => ({ ...c, [active]: true }));
      });
    return () => {
      current = false;
    };
  }, [active]);

  // A tab tapped before hydration is chosen now (src/lib/early-tap.ts).
  useEffect(() => {
    for (const tab of EVENT_TABS) window.goLive?.(tabRefs.current[tab.id]!);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const index = EVENT_TABS.findIndex((t) => t.id === active);
    const next = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: EVENT_TABS.length - 1,
    }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = EVENT_TABS[(next + EVENT_TABS.length) % EVENT_TABS.length]!;
    setActive(tab.id);
    tabRefs.current[tab.id]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label="Events"
        className="mx-auto flex w-full max-w-xl rounded-xl bg-slate-100 p-1"
      >
        {EVENT_TABS.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                tabRefs.current[tab.id] = el;
              }}
              type="button"
              role="tab"
              id={`events-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`events-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.id)}
              onKeyDown={onKeyDown}
              data-early-tap
              className={`flex-1 rounded-lg px-2 py-2 text-xs font-semibold transition sm:px-4 sm:text-sm ${
                selected
                  ? 'bg-white text-brand-900 shadow-sm'
                  : 'text-ink-muted hover:text-brand-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>

      {EVENT_TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`events-panel-${tab.id}`}
          aria-labelledby={`events-tab-${tab.id}`}
          hidden={tab.id !== active}
          tabIndex={0}
          className="mt-10 rounded-2xl"
        >
          {tab.id === active && (
            <TabContent
              tab={tab.id}
              list={data[tab.id]}
              now={now}
              limit={shown[tab.id] ?? EVENTS_PER_PAGE}
              total={
                complete[tab.id]
                  ? (data[tab.id]?.length ?? 0)
                  : Math.max(totals[tab.id], data[tab.id]?.length ?? 0)
              }
              onMore={() =>
                setShown((s) => ({
                  ...s,
                  [tab.id]: (s[tab.id] ?? EVENTS_PER_PAGE) + EVENTS_PER_PAGE,
                }))
              }
            />
          )}
        </div>
      ))}

      {!hydrated && past.length > 0 && (
        <div className="mt-16">
          <h3 className="text-center font-display text-2xl font-semibold text-brand-950">
            Past Events
          </h3>
          <div className="mt-8">
            <EventList list={past} now={now} />
          </div>
        </div>
      )}
    </div>
  );
}

interface TabContentProps {
  tab: EventTabId;
  list: ClientEvent[] | undefined;
  now: number;
  /** How many cards to show. */
  limit: number;
  /** How many the tab has in all (the build's count until the API answers). */
  total: number;
  onMore: () => void;
}

/**
 * A tab's body: a spinner until it has data, then the first `limit` cards (or the empty message)
 * and, while there are more, 'Show more' with a count that screen readers hear change.
 */
function TabContent({ tab, list, now, limit, total, onMore }: TabContentProps) {
  if (!list) return <Spinner large label="Loading events..." />;
  if (list.length === 0) return <EmptyEvents tab={tab} />;
  const visible = list.slice(0, limit);
  return (
    <>
      <EventList list={visible} now={now} />
      {/* Asked for more than the build-time page before the API answered: it is on its way. */}
      {limit > list.length && total > list.length && (
        <Spinner large label="Loading more events..." />
      )}
      {total > EVENTS_PER_PAGE && (
        <div className="mt-10 flex flex-col items-center gap-3">
          <p className="text-sm text-ink-soft" aria-live="polite" data-testid="events-count">
            {`Showing ${Math.min(limit, total)} of ${total} events`}
          </p>
          {limit < total && (
            <button
              type="button"
              onClick={onMore}
              className="inline-flex items-center gap-2 rounded-lg border border-brand-200 bg-white px-5 py-2.5 font-semibold text-brand-800 transition hover:border-brand-300 hover:bg-brand-50"
            >
              Show more<span className="sr-only"> events</span>
            </button>
          )}
        </div>
      )}
    </>
  );
}

/** A grid of event cards. */
function EventList({ list, now }: { list: ClientEvent[]; now: number }) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {list.map((event) => (
        <li key={event.id}>
          <EventCard event={event} now={now} />
        </li>
      ))}
    </ul>
  );
}

/** The spec's empty message for each tab. */
function EmptyEvents({ tab }: { tab: EventTabId }) {
  return (
    <div
      className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center"
      data-testid="events-empty"
    >
      {tab === 'upcoming' && (
        <>
          <p className="font-semibold text-brand-950">No upcoming events scheduled at this time.</p>
          <p className="mt-1 text-ink-muted">Check back soon for new events!</p>
        </>
      )}
      {tab === 'featured' && (
        <p className="font-semibold text-brand-950">No featured events at this time.</p>
      )}
      {tab === 'all' && (
        <p className="font-semibold text-brand-950">No events have been scheduled yet.</p>
      )}
    </div>
  );
}
