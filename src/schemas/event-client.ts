/**
 * Event helpers the browser needs (badge styles, the client normaliser, 'is past'), kept free
 * of zod so the events island does not ship it; src/schemas/event.ts re-exports them.
 */

/** Event types with their badge styles; any other type uses 'outline'. */
export const EVENT_TYPE_BADGES = {
  Workshop: 'default',
  Conference: 'secondary',
  Webinar: 'outline',
  Meetup: 'destructive',
  Hackathon: 'secondary',
} as const;
export type BadgeVariant = 'default' | 'secondary' | 'outline' | 'destructive';
/** Badge style for an event type. */
export const badgeForType = (type: string): BadgeVariant =>
  (EVENT_TYPE_BADGES as Record<string, BadgeVariant>)[type] ?? 'outline';

/** An event's type when none is chosen: the client default for a missing type, and what a new event's form starts with. */
export const DEFAULT_EVENT_TYPE = 'Event';

/** Client fallback date for a missing start or end. */
export const EVENT_FALLBACK_DATE = '2025-06-19T00:00:00.000Z';

const SNAKE: Record<string, string> = {
  start_date: 'startDate',
  end_date: 'endDate',
  event_type: 'eventType',
  is_virtual: 'isVirtual',
  registration_link: 'registrationLink',
  virtual_link: 'virtualLink',
  start_time: 'startTime',
  end_time: 'endTime',
  image_url: 'imageUrl',
  youtube_url: 'youtubeUrl',
  max_attendees: 'maxAttendees',
};

/** Maps the server's snake_case variants onto camelCase keys; camelCase wins when both exist. */
export function camelise(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const key = SNAKE[k] ?? k;
    if (key !== k && key in (raw as object)) continue;
    out[key] = v;
  }
  return out;
}

/**
 * The event as the site's cards use it: the stored event's display fields. Declared here rather
 * than picked from the schema's type so this file imports nothing from event.ts (which imports
 * camelise from here); event.ts checks at compile time that the two stay the same shape.
 */
export interface ClientEvent {
  id: string;
  slug: string;
  title: string;
  description: string;
  eventType: string;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  location: string;
  isVirtual: boolean;
  virtualLink: string;
  registrationLink: string;
  imageUrl: string;
  featured: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * Client normaliser: accepts camelCase or snake_case and applies the client defaults.
 * As the spec says, it always sets startTime and endTime empty, so cards never show a time.
 */
export function normaliseEvent(raw: unknown): ClientEvent {
  const r = (camelise(raw) ?? {}) as Record<string, unknown>;
  return {
    id: str(r.id) || String(r.id ?? ''),
    slug: str(r.slug),
    title: str(r.title) || 'Event',
    description: str(r.description),
    eventType: str(r.eventType) || DEFAULT_EVENT_TYPE,
    startDate: str(r.startDate) || EVENT_FALLBACK_DATE,
    endDate: str(r.endDate) || EVENT_FALLBACK_DATE,
    startTime: '',
    endTime: '',
    location: str(r.location) || 'TBD',
    isVirtual: r.isVirtual === true,
    virtualLink: str(r.virtualLink),
    registrationLink: str(r.registrationLink),
    imageUrl: str(r.imageUrl),
    featured: r.featured === true,
  };
}

/** Past when the end date is earlier than now; an unparseable end date is not past. */
export function isPastEvent(e: { endDate: string }, now = Date.now()): boolean {
  const end = Date.parse(e.endDate);
  return Number.isFinite(end) && end < now;
}
