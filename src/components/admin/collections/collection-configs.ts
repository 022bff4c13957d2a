import type { z } from 'zod';
import { TAKEAWAY_MAX_CHARS, TAKEAWAYS_MAX_ITEMS } from '../../../schemas/takeaways';
import { DEFAULT_EVENT_TYPE, eventCreateSchema } from '../../../schemas/event';
import { DEFAULT_PUBLICATION_TYPE, publicationCreateSchema } from '../../../schemas/publication';
import {
  RELEASE_STATUSES,
  releaseTime,
  shownStatus,
  type Releasable,
} from '../../../schemas/release';
import { researchAreaCreateSchema } from '../../../schemas/research-area';
import { statCreateSchema } from '../../../schemas/stat';
import { teamMemberCreateSchema } from '../../../schemas/team-member';
import { formatDateTime, formatStoredDay } from '../../../lib/date-style';
import type { FieldConfig } from '../form/field-config';
import { timeZoneOptions } from '../form/time-zones';

type Item = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * 'Draft', 'Scheduled for June 19, 2025, 09:00 BST (Europe/London)' in the site's one date style,
 * or nothing for published items (a scheduled item whose time has passed is one of those).
 */
function releaseLabel(i: Item): string {
  const status = shownStatus(i as Releasable);
  if (status === 'draft') return 'Draft';
  if (status === 'scheduled')
    return `Scheduled for ${formatDateTime(releaseTime(i as Releasable), s(i.timeZone))} (${s(i.timeZone)})`;
  return '';
}

/** What the generic collection manager needs to know about one content collection. */
export interface CollectionConfig {
  /** API name: /api/<api>, also the admin route. */
  api: string;
  title: string;
  singular: string;
  description: string;
  fields: readonly FieldConfig[];
  /** The create schema shared with the server: every form is checked with it before sending. */
  schema: z.ZodType;
  primary: (item: Item) => string;
  secondary?: (item: Item) => string;
  image?: (item: Item) => string;
  /** Where items are created and edited, when not /api/<api>. */
  endpoint?: string;
  /** Where the admin lists every item, when the public list leaves some out (drafts, embargoes). */
  listEndpoint?: string;
  /**
   * A collection that grows into the thousands: its admin list is paged, searched and filtered on
   * the server ({ items, total, page, pageSize } of summaries), an edit opens the one record at
   * <listEndpoint>/<id>, and reordering sends one move at a time.
   */
  paged?: boolean;
}

/** The description of a record's image, or its mark as decorative (src/schemas/image-alt.ts). */
const IMAGE_ALT_FIELDS: readonly FieldConfig[] = [
  {
    name: 'imageAlt',
    label: 'Image alt text',
    type: 'text',
    placeholder: 'What the image shows',
    help: 'For people who cannot see the image. Needed to publish a record with an image, unless it is decorative.',
    half: true,
  },
  {
    name: 'imageDecorative',
    label: 'Decorative image',
    type: 'checkbox',
    help: 'It adds nothing the text does not say: screen readers skip it.',
    half: true,
  },
];

/** Who sees a publication or event: the release fields both share (src/schemas/release.ts). */
const RELEASE_FIELDS: readonly FieldConfig[] = [
  {
    name: 'status',
    label: 'Status',
    type: 'select',
    options: RELEASE_STATUSES,
    initial: 'published',
    help: 'Draft: never public. Scheduled: public from the publish time on (the site rebuilds itself then).',
    half: true,
  },
  {
    name: 'publishAt',
    label: 'Publish at',
    type: 'datetime',
    help: 'For scheduled items: the local time in the zone beside it.',
    zoneField: 'timeZone',
    half: true,
  },
  {
    name: 'timeZone',
    label: 'Time zone',
    type: 'select',
    options: timeZoneOptions(),
    initialSetting: 'siteTimeZone',
    half: true,
  },
];

/** Today as YYYY-MM-DD in the admin's own time zone: a new publication's date. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const EVENT_TYPES = ['Workshop', 'Conference', 'Webinar', 'Meetup', 'Hackathon', 'Event'] as const;
const PUBLICATION_TYPES = ['Report', 'Paper', 'Policy brief', 'Article', 'Book', 'Guide'] as const;

/** The five orderable content collections, by route name. */
export const COLLECTION_CONFIGS: Record<string, CollectionConfig> = {
  'research-areas': {
    api: 'research-areas',
    title: 'Research areas',
    singular: 'research area',
    description:
      'The cards of the Strategic Focus section on the home page; each area has a topic page.',
    schema: researchAreaCreateSchema,
    fields: [
      {
        name: 'title',
        label: 'Title',
        type: 'text',
        required: true,
        placeholder: 'AI Safety & Alignment',
      },
      { name: 'description', label: 'Description', type: 'textarea', required: true },
      {
        name: 'image',
        label: 'Image',
        type: 'image',
        help: 'A default image is shown when none is set.',
      },
      ...IMAGE_ALT_FIELDS,
      {
        name: 'link',
        label: 'Link',
        type: 'text',
        placeholder: 'https://… or /page (optional)',
        help: 'Optional: the card then leads here instead of to the area’s topic page.',
      },
    ],
    primary: (i) => s(i.title),
    secondary: (i) => s(i.description),
    image: (i) => s(i.image),
  },
  'team-members': {
    api: 'team-members',
    title: 'Team members',
    singular: 'team member',
    description:
      'The advisory team on the home and team pages; each member has a page of their own.',
    schema: teamMemberCreateSchema,
    fields: [
      {
        name: 'honorific',
        label: 'Honorific',
        type: 'text',
        placeholder: 'Dr., Prof.',
        half: true,
        help: 'Shown before the name on the site; citations leave it out.',
      },
      { name: 'name', label: 'Name', type: 'text', required: true, half: true },
      {
        name: 'citedGiven',
        label: 'Given name as cited',
        type: 'text',
        half: true,
        help: 'Only when citations should not read the last word of the name as the family name.',
      },
      { name: 'citedFamily', label: 'Family name as cited', type: 'text', half: true },
      { name: 'position', label: 'Position', type: 'text', required: true },
      { name: 'bio', label: 'Biography', type: 'textarea' },
      { name: 'image', label: 'Photo', type: 'image' },
      {
        name: 'linkedin',
        label: 'LinkedIn',
        type: 'url',
        placeholder: 'https://www.linkedin.com/in/…',
        half: true,
      },
      {
        name: 'twitter',
        label: 'Twitter / X',
        type: 'url',
        placeholder: 'https://x.com/…',
        half: true,
      },
      { name: 'email', label: 'E-mail', type: 'email', half: true },
      {
        name: 'orcid',
        label: 'ORCID iD',
        type: 'text',
        placeholder: '0000-0002-1825-0097',
        half: true,
        help: 'Optional. Linked on their page and named in citations.',
      },
      {
        name: 'topics',
        label: 'Expert in',
        type: 'topics',
        help: 'Listed as an expert on these research areas’ pages.',
      },
    ],
    primary: (i) => [s(i.honorific), s(i.name)].filter(Boolean).join(' '),
    secondary: (i) => s(i.position),
    image: (i) => s(i.image),
  },
  publications: {
    api: 'publications',
    listEndpoint: '/api/publications/all',
    paged: true,
    title: 'Publications',
    singular: 'publication',
    description: 'Reports, papers and briefs in the Research section.',
    schema: publicationCreateSchema,
    fields: [
      { name: 'title', label: 'Title', type: 'text', required: true },
      { name: 'description', label: 'Description', type: 'textarea', required: true },
      {
        name: 'type',
        label: 'Type',
        type: 'select',
        options: PUBLICATION_TYPES,
        initial: DEFAULT_PUBLICATION_TYPE,
        half: true,
      },
      {
        name: 'publishedOn',
        label: 'Publication date',
        type: 'date',
        initial: today(),
        half: true,
        help: 'Sorts the archive, newest first.',
      },
      {
        name: 'date',
        label: 'Date as shown',
        type: 'text',
        placeholder: 'March 2025',
        half: true,
        help: 'Optional wording for cards; empty shows the publication date.',
      },
      {
        name: 'authors',
        label: 'Authors',
        type: 'people',
        help: 'In citation order. Team members link to their pages; type the names of outside co-authors.',
      },
      {
        name: 'topics',
        label: 'Topics',
        type: 'topics',
        help: 'The research areas this publication is listed under.',
      },
      { name: 'link', label: 'Link', type: 'text', placeholder: 'https://…' },
      { name: 'image', label: 'Image', type: 'image' },
      ...IMAGE_ALT_FIELDS,
      {
        name: 'pdf',
        label: 'PDF',
        type: 'pdf',
        help: 'The full text, offered as a download on the publication page.',
      },
      {
        name: 'doi',
        label: 'DOI',
        type: 'text',
        placeholder: '10.1234/abc-123',
        help: 'Optional. Shown in the citations, without https://doi.org/.',
      },
      {
        name: 'series',
        label: 'Report series',
        type: 'text',
        placeholder: 'Meridian Policy Reports',
        half: true,
      },
      {
        name: 'seriesNumber',
        label: 'Number in the series',
        type: 'text',
        placeholder: '3',
        half: true,
        help: 'The report number in the Crossref deposit.',
      },
      {
        name: 'keyFindings',
        label: 'Key findings',
        type: 'textlist',
        item: { name: 'finding', max: TAKEAWAYS_MAX_ITEMS },
        help: `Optional, in order: shown above the web version (at most ${TAKEAWAYS_MAX_ITEMS}, each up to ${TAKEAWAY_MAX_CHARS} characters).`,
      },
      {
        name: 'recommendations',
        label: 'Recommendations',
        type: 'textlist',
        item: { name: 'recommendation', max: TAKEAWAYS_MAX_ITEMS },
        help: 'Optional, in order: shown after the key findings.',
      },
      {
        name: 'body',
        label: 'Web version',
        type: 'markdown',
        help: 'Optional. Markdown: # headings, lists, links, > quotes, tables, footnotes[^1] and figures ![alt text](image "caption"). The description stays the summary.',
      },
      {
        name: 'dataFiles',
        label: 'Data files',
        type: 'datafiles',
        help: 'Optional: CSV, JSON or XLSX files readers can download, listed under the web version with a preview of a CSV’s first rows.',
      },
      ...RELEASE_FIELDS,
    ],
    primary: (i) => s(i.title),
    secondary: (i) =>
      [releaseLabel(i), s(i.type), s(i.date) || formatStoredDay(s(i.publishedOn))]
        .filter(Boolean)
        .join(' · '),
    image: (i) => s(i.image),
  },
  stats: {
    api: 'stats',
    title: 'Stats',
    singular: 'stat',
    description: 'The animated impact counters.',
    schema: statCreateSchema,
    fields: [
      {
        name: 'value',
        label: 'Value',
        type: 'text',
        required: true,
        placeholder: '10,000+',
        help: 'Digits count up; a suffix such as + or % stays.',
        half: true,
      },
      {
        name: 'label',
        label: 'Label',
        type: 'text',
        required: true,
        placeholder: 'Professionals trained',
        half: true,
      },
    ],
    primary: (i) => `${s(i.value)} ${s(i.label)}`,
  },
  events: {
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
  },
};
