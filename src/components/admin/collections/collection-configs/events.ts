import { DEFAULT_EVENT_TYPE, eventCreateSchema } from '../../../../schemas/event';
import { formatStoredDay } from '../../../../lib/date-style';
import { timeZoneOptions } from '../../form/time-zones';
import { s, type CollectionConfig } from './collection-config';
import { IMAGE_ALT_FIELDS } from './image-alt-fields';
import { RELEASE_FIELDS, releaseLabel } from './release-fields';

const EVENT_TYPES = ['Workshop', 'Conference', 'Webinar', 'Meetup', 'Hackathon', 'Event'] as const;

export const eventsConfig: CollectionConfig = {
  api: 'events',
  listEndpoint: '/api/events/all',
  paged: true,
  title: 'Events',
  singular: 'event',
  description: 'Events and workshops; past events show an Event Highlights button.',
  schema: eventCreateSchema,
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true },
    { name: 'description', label: 'Description', type: 'textarea' },
    {
      name: 'eventType',
      label: 'Type',
      type: 'select',
      options: EVENT_TYPES,
      initial: DEFAULT_EVENT_TYPE,
      half: true,
    },
    {
      name: 'location',
      label: 'Location',
      type: 'text',
      placeholder: 'London (or leave empty when virtual)',
      half: true,
    },
    { name: 'startDate', label: 'Start date', type: 'date', required: true, half: true },
    { name: 'endDate', label: 'End date', type: 'date', required: true, half: true },
    { name: 'startTime', label: 'Start time', type: 'time', half: true },
    { name: 'endTime', label: 'End time', type: 'time', half: true },
    {
      name: 'eventTimeZone',
      label: 'Time zone of the event',
      type: 'select',
      options: timeZoneOptions(),
      initialSetting: 'siteTimeZone',
      help: "The start and end times are in this zone; the page names it, and shows virtual events in each visitor's own time too.",
    },
    { name: 'isVirtual', label: 'Virtual event', type: 'checkbox', half: true },
    { name: 'featured', label: 'Featured', type: 'checkbox', half: true },
    { name: 'virtualLink', label: 'Virtual event link', type: 'url', placeholder: 'https://…' },
    {
      name: 'registrationLink',
      label: 'Registration link',
      type: 'url',
      placeholder: 'https://…',
    },
    { name: 'maxAttendees', label: 'Maximum attendees', type: 'number', half: true },
    {
      name: 'youtubeUrl',
      label: 'YouTube video',
      type: 'url',
      placeholder: 'https://www.youtube.com/watch?v=…',
      half: true,
    },
    {
      name: 'speakers',
      label: 'Speakers',
      type: 'people',
      help: 'Team members link to their pages; type the names of outside speakers.',
    },
    {
      name: 'topics',
      label: 'Topics',
      type: 'topics',
      help: 'The research areas this event is listed under.',
    },
    { name: 'imageUrl', label: 'Image', type: 'image' },
    ...IMAGE_ALT_FIELDS,
    ...RELEASE_FIELDS,
  ],
  primary: (i) => s(i.title),
  secondary: (i) =>
    [releaseLabel(i), s(i.eventType), formatStoredDay(s(i.startDate)), s(i.location)]
      .filter(Boolean)
      .join(' · '),
  image: (i) => s(i.imageUrl),
};
