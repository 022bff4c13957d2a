import { z } from 'zod';
import {
  cleanString,
  createPayload,
  longText,
  orderSchema,
  recordMeta,
  renderableDates,
  safeLink,
  text,
  webUrl,
} from './common';
import { DATE_MESSAGE, isRenderableIsoDate } from './dates';
import { camelise, DEFAULT_EVENT_TYPE, type ClientEvent } from './event-client';
import { withoutDefaults } from './patch-shape';
import { peopleSchema, topicsSchema } from './people';
import { imageAltFields } from './image-alt';
import { releaseFields } from './release';
import { slugFields } from './slug-fields';
import { timeZoneField } from './time-zone';

export {
  badgeForType,
  DEFAULT_EVENT_TYPE,
  EVENT_FALLBACK_DATE,
  EVENT_TYPE_BADGES,
  isPastEvent,
  normaliseEvent,
  type BadgeVariant,
  type ClientEvent,
} from './event-client';

// Stored dates keep the rule they were saved under (anything Date.parse reads), so an event saved
// before dates were bounded cannot make the whole collection unreadable; the build skips and
// reports one that cannot render. Payloads are held to dates every output can render.
const toIso = (v: string) =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00.000Z` : v).toISOString();
const storedDate = cleanString()
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Must be a date (YYYY-MM-DD)')
  .transform(toIso);
const payloadDate = cleanString().trim().refine(isRenderableIsoDate, DATE_MESSAGE).transform(toIso);
const timeString = z
  .string()
  .trim()
  .refine((v) => v === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'Must be a time (HH:MM)');

const fields = {
  title: text(200).min(1, 'Title is required'),
  description: longText(5000).default(''),
  // A blank type (saved by older forms) reads as the default, so every page names the same type.
  eventType: text(60)
    .transform((v) => v || DEFAULT_EVENT_TYPE)
    .default(DEFAULT_EVENT_TYPE),
  startDate: payloadDate,
  endDate: payloadDate,
  startTime: timeString.default(''),
  endTime: timeString.default(''),
  /** IANA zone of the times; '' (events saved before zones existed) reads as the site's zone. */
  eventTimeZone: timeZoneField().default(''),
  location: text(200).default(''),
  isVirtual: z.boolean().default(false),
  virtualLink: webUrl().default(''),
  registrationLink: webUrl().default(''),
  maxAttendees: z.number().int().min(0).max(1_000_000).nullable().optional(),
  imageUrl: safeLink().default(''),
  ...imageAltFields,
  youtubeUrl: webUrl().default(''),
  featured: z.boolean().default(false),
  /** Ordered speakers, as publications have authors (see people.ts). */
  speakers: peopleSchema().default([]),
  /** Research areas (ids) this event belongs to. */
  topics: topicsSchema().default([]),
  ...releaseFields,
};

/** A stored event. */
export const eventSchema = z.object({
  ...recordMeta,
  ...fields,
  startDate: storedDate,
  endDate: storedDate,
  ...slugFields,
  order: orderSchema.default(0),
});
export type Event = z.infer<typeof eventSchema>;

/** Compile-time guard: the cards' ClientEvent is exactly the stored event's display fields. */
type DisplayFields = Pick<Event, keyof ClientEvent>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const clientEventMatchesSchema: Same<DisplayFields, ClientEvent> = true;
void clientEventMatchesSchema;
/** An event as stored by older versions or seeds: fields added later may be missing. */
export type EventInput = z.input<typeof eventSchema>;

const endNotBeforeStart = (e: { startDate?: string; endDate?: string }) =>
  !e.startDate || !e.endDate || e.endDate >= e.startDate;

const payloadDates = renderableDates({ iso: ['publishAt'] });

/** Create payload: accepts snake_case variants too. */
export const eventCreateSchema = createPayload(
  z.preprocess(
    (raw) => camelise(raw),
    z
      .strictObject({ ...fields, order: orderSchema.optional() })
      .superRefine(payloadDates)
      .refine(endNotBeforeStart, {
        message: 'End date must not be before the start date',
        path: ['endDate'],
      }),
  ),
);
/** Update payload: any subset; snake_case accepted. */
export const eventUpdateSchema = z.preprocess(
  (raw) => camelise(raw),
  z
    .strictObject(withoutDefaults({ ...fields, order: orderSchema }))
    .partial()
    .superRefine(payloadDates)
    .refine(endNotBeforeStart, {
      message: 'End date must not be before the start date',
      path: ['endDate'],
    }),
);
