import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { fetchQuery } from '../../lib/api';
import { byStartDate, EVENT_TABS, eventsForTab, type EventTabId } from '../../lib/event-card';
import { type ClientEvent, normaliseEvent } from '../../schemas/event-client';
import EventCard from './EventCard';
import Spinner from './Spinner';

/** Props: every event as of the build, and the build time (so the first render matches the HTML). */
export interface EventsTabsProps {
  events: ClientEvent[];
  builtAt: number;
}

type TabData = Partial<Record<EventTabId, ClientEvent[]>>;

/**
 * The events tabs (Upcoming by default, Featured, All). The build-time lists show at once; on
 * mount and on each tab change the tab's list is fetched again (events are never fresh, spec §9).
 */
export default function EventsTabs({ events, builtAt }: EventsTabsProps) {
  const [active, setActive] = useState<EventTabId>('upcoming');
  const [now, setNow] = useState(builtAt);
  const [data, setData] = useState<TabData>(() =>
    Object.fromEntries(EVENT_TABS.map((t) => [t.id, eventsForTab(t.id, events, builtAt)])),
  );
  const tabRefs = useRef<Partial<Record<EventTabId, HTMLButtonElement | null>>>({});
  // Until hydrated the tabs cannot switch, so the server HTML also lists the past events below
  // the upcoming ones: visitors without JavaScript still see every event, each exactly once.
  const [hydrated, setHydrated] = useState(false);
  const [past] = useState(() => {
    const upcoming = new Set(eventsForTab('upcoming', events, builtAt).map((e) => e.id));
    return eventsForTab('all', events, builtAt).filter((e) => !upcoming.has(e.id));
  });

  useEffect(() => {
    setNow(Date.now());
    setHydrated(true);
  }, []);

  useEffect(() => {
    let current = true;
    const tab = EVENT_TABS.find((t) => t.id === active)!;
    fetchQuery<unknown[]>(tab.url)
      .then((list) => {
        if (!current || !Array.isArray(list)) return;
        const normalised = list.map(normaliseEvent);
        setData((d) => ({ ...d, [active]: active === 'all' ? byStartDate(normalised) : normalised }));
      })
      .catch(() => {
        // Keep what we have (the build-time list); only a tab without any data stops spinning.
        if (current) setData((d) => (d[active] ? d : { ...d, [active]: [] }));
      });
    return () => {
      current = false;
    };
  }, [active]);

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const index = EVENT_TABS.findIndex((t) => t.id === active);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: EVENT_TABS.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = EVENT_TABS[(next + EVENT_TABS.length) % EVENT_TABS.length]!;
    setActive(tab.id);
    tabRefs.current[tab.id]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label="Events" className="mx-auto flex w-full max-w-xl rounded-xl bg-slate-100 p-1">
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
              className={`flex-1 rounded-lg px-2 py-2 text-xs font-semibold transition sm:px-4 sm:text-sm ${
                selected ? 'bg-white text-brand-900 shadow-sm' : 'text-ink-muted hover:text-brand-900'
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
          {tab.id === active && <TabContent tab={tab.id} list={data[tab.id]} now={now} />}
        </div>
      ))}

      {!hydrated && past.length > 0 && (
        <div className="mt-16">
          <h3 className="text-center font-display text-2xl font-semibold text-brand-950">Past Events</h3>
          <div className="mt-8">
            <TabContent tab="all" list={past} now={now} />
          </div>
        </div>
      )}
    </div>
  );
}

/** A tab's body: a spinner until it has data, then the cards or the empty message. */
function TabContent({ tab, list, now }: { tab: EventTabId; list: ClientEvent[] | undefined; now: number }) {
  if (!list) return <Spinner label="Loading events..." />;
  if (list.length === 0) return <EmptyEvents tab={tab} />;
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
    <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center" data-testid="events-empty">
      {tab === 'upcoming' && (
        <>
          <p className="font-semibold text-brand-950">No upcoming events scheduled at this time.</p>
          <p className="mt-1 text-ink-muted">Check back soon for new events!</p>
        </>
      )}
      {tab === 'featured' && <p className="font-semibold text-brand-950">No featured events at this time.</p>}
      {tab === 'all' && <p className="font-semibold text-brand-950">No events have been scheduled yet.</p>}
    </div>
  );
}
