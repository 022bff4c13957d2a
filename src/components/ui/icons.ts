/**
 * SVG path data for the few icons the public pages need, shared by .astro markup and React
 * islands (24x24 viewBox). Brand glyphs are simplified outlines, not trademark artwork.
 */
export const ICONS = {
  linkedin:
    'M4 9h4v11H4zM6 3.5a2.25 2.25 0 1 1 0 4.5 2.25 2.25 0 0 1 0-4.5zM10 9h3.8v1.6h.1c.5-1 1.8-1.9 3.7-1.9 4 0 4.4 2.5 4.4 5.8V20h-4v-4.8c0-1.2 0-2.7-1.7-2.7s-2 1.3-2 2.6V20H10z',
  twitter:
    'M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.8-6.3L5.4 21H2.3l7.2-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z',
  mail: 'M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5zm1.8.3 7.2 5.4 7.2-5.4',
  chevron: 'M6 9l6 6 6-6',
  pencil: 'M4 20h4L18.5 9.5a2.1 2.1 0 0 0-4-4L4 16v4zM13.5 6.5l4 4',
  arrow: 'M5 12h14M13 6l6 6-6 6',
  calendar:
    'M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM4 10h16M8 3v4M16 3v4',
  clock: 'M3 12a9 9 0 1 0 18 0 9 9 0 1 0-18 0M12 7v5l3 2',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zM10 9.5a2 2 0 1 0 4 0 2 2 0 1 0-4 0',
  video:
    'M3 7.5A1.5 1.5 0 0 1 4.5 6h9A1.5 1.5 0 0 1 15 7.5v9a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 3 16.5zM15 10.5 21 7v10l-6-3.5',
  play: 'M7 4.5v15L19.5 12z',
  close: 'M6 6l12 12M18 6 6 18',
} as const;

/** Icons drawn with a stroke rather than a fill. */
export const STROKE_ICONS = new Set<keyof typeof ICONS>([
  'mail',
  'chevron',
  'pencil',
  'arrow',
  'calendar',
  'clock',
  'pin',
  'video',
  'play',
  'close',
]);
