import { TAKEAWAY_MAX_CHARS, TAKEAWAYS_MAX_ITEMS } from '../../../../schemas/takeaways';
import { DEFAULT_PUBLICATION_TYPE, publicationCreateSchema } from '../../../../schemas/publication';
import { formatStoredDay } from '../../../../lib/date-style';
import { s, type CollectionConfig } from './collection-config';
import { IMAGE_ALT_FIELDS } from './image-alt-fields';
import { RELEASE_FIELDS, releaseLabel } from './release-fields';

/** Today as YYYY-MM-DD in the admin's own time zone: a new publication's date. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const PUBLICATION_TYPES = ['Report', 'Paper', 'Policy brief', 'Article', 'Book', 'Guide'] as const;

export const publicationsConfig: CollectionConfig = {
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
};
