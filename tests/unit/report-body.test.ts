/**
 * The web version of a report: what survives the Markdown renderer and its sanitiser. Hostile
 * bodies (scripts, javascript: links, raw HTML, event handlers, a huge table) must come out with
 * nothing a browser would run; ordinary reports keep their headings, figures, tables and notes.
 */
import { parse, type HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { BODY_MAX_CHARS } from '../../src/schemas/publication';
import {
  bodyImages,
  MAX_CONTENTS_ENTRIES,
  renderReportBody,
} from '../../src/server/content/report-body';

const SAFE_TAGS = new Set([
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'em',
  'strong',
  's',
  'code',
  'pre',
  'sup',
  'section',
  'figure',
  'figcaption',
  'img',
  'div',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);
const SAFE_URL = /^(https?:|mailto:|#|\/(?!\/)|\.{0,2}\/?[\w%.-])/i;

/** Every way the HTML could run code or load something it should not: [] when there is none. */
function executable(html: string): string[] {
  const found: string[] = [];
  const walk = (el: HTMLElement) => {
    for (const child of el.childNodes) {
      if (child.nodeType !== 1) continue;
      const node = child as HTMLElement;
      const tag = node.rawTagName.toLowerCase();
      if (!SAFE_TAGS.has(tag)) found.push(`<${tag}>`);
      for (const [name, value] of Object.entries(node.attributes)) {
        if (/^on/i.test(name) || name === 'style' || name === 'srcdoc' || name === 'formaction')
          found.push(`${tag}[${name}]`);
        if ((name === 'href' || name === 'src') && !SAFE_URL.test(value.trim()))
          found.push(`${tag}[${name}=${value}]`);
        if (/(java|vb)script:|data:/i.test(value)) found.push(`${tag}[${name}=${value}]`);
      }
      walk(node);
    }
  };
  walk(parse(html));
  return found;
}

describe('a hostile body', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">raw link</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<style>body{display:none}</style>',
    '<div onclick="alert(1)" style="position:fixed">overlay</div>',
    '<svg><script>alert(1)</script></svg>',
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '[click](java&#x09;script:alert(1))',
    '[click](vbscript:msgbox(1))',
    '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[click](//evil.example/path)',
    '![x](javascript:alert(1))',
    '![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)',
    '![x" onerror="alert(1)](/a.png "t\\" onload=\\"alert(1)")',
    '[ref]: javascript:alert(1)\n\n[ref link][ref]',
    '<https://example.org/ok> and <javascript:alert(1)>',
    '```html\n<script>alert(1)</script>\n```',
    '| a | b |\n|---|---|\n| <script>alert(1)</script> | [x](javascript:alert(1)) |',
    'Footnote[^n]\n\n[^n]: <img src=x onerror=alert(1)> [x](javascript:alert(1))',
  ];

  it.each(hostile)('renders %j with nothing executable', (markdown) => {
    const { html } = renderReportBody(markdown);
    expect(executable(html)).toEqual([]);
  });

  it('shows raw HTML as the text that was typed, not as markup', () => {
    const doc = parse(renderReportBody('Before <b onclick="x()">bold</b> after').html);
    expect(doc.querySelector('b')).toBeNull();
    expect(doc.text).toContain('<b onclick="x()">bold</b>');
  });

  it('renders a table as large as a body may be in bounded time, inside its scroll box, with nothing executable', () => {
    const columns = 15;
    const row = (cell: (c: number) => string) =>
      `|${Array.from({ length: columns }, (_, c) => ` ${cell(c)} `).join('|')}|`;
    const lines = [
      row((c) => `H${c}`),
      row(() => '---'),
      ...Array.from({ length: 100 }, (_, r) =>
        row((c) => (c === 0 ? `[x](javascript:alert(${r}))` : `<img src=x onerror=alert(${r})>`)),
      ),
    ];
    const markdown = lines.join('\n');
    expect(markdown.length).toBeLessThanOrEqual(BODY_MAX_CHARS);
    expect(markdown.length).toBeGreaterThan(BODY_MAX_CHARS * 0.8);
    const started = performance.now();
    const { html } = renderReportBody(markdown);
    // Generous for a busy machine; a renderer gone quadratic takes minutes.
    expect(performance.now() - started).toBeLessThan(5_000);
    const doc = parse(html);
    expect(doc.querySelectorAll('div.table-scroll > table tbody tr')).toHaveLength(100);
    expect(executable(html)).toEqual([]);
  });
});

describe('an image on another site', () => {
  const offSite = [
    '![A chart](https://tracker.example/pixel.png)',
    '![A chart](http://tracker.example/pixel.png "Caption")',
    '![A chart](//tracker.example/pixel.png)',
    'Text with ![A chart](https://tracker.example/pixel.png) inline',
    '![A chart][c]\n\n[c]: https://tracker.example/pixel.png',
  ];

  it.each(offSite)('is never shown from %j: its alt text stands in', (markdown) => {
    const { html } = renderReportBody(markdown);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('tracker.example');
    expect(parse(html).text).toContain('A chart');
  });

  it('is still shown from this site', () => {
    expect(renderReportBody('![A chart](/api/uploads/a.png)').html).toContain('<img');
  });
});

describe('heading ids', () => {
  const ids = (markdown: string) =>
    parse(renderReportBody(markdown).html)
      .querySelectorAll('h2, h3, h4')
      .map((h) => h.getAttribute('id'));

  it('number repeated headings, stepping over an id a real heading already has', () => {
    expect(ids('# A\n\n# A\n\n# A 2\n\n# A\n\n# A')).toEqual([
      'section-a',
      'section-a-2',
      'section-a-2-2',
      'section-a-3',
      'section-a-4',
    ]);
    expect(ids('# A 2\n\n# A\n\n# A')).toEqual(['section-a-2', 'section-a', 'section-a-3']);
    expect(ids('# A\n\n## A\n\n# B\n\n# A')).toEqual([
      'section-a',
      'section-a-2',
      'section-b',
      'section-a-3',
    ]);
  });

  it('are assigned in linear time: a body of 12,499 identical headings renders in well under a second', () => {
    const markdown = '# a\n'.repeat(12_499);
    expect(markdown.length).toBeLessThanOrEqual(BODY_MAX_CHARS);
    const started = performance.now();
    const { html, contents } = renderReportBody(markdown);
    expect(performance.now() - started).toBeLessThan(2000);
    const all = parse(html)
      .querySelectorAll('h2')
      .map((h) => h.getAttribute('id'));
    expect(all).toHaveLength(12_499);
    expect(new Set(all).size).toBe(12_499);
    expect(all.at(-1)).toBe('section-a-12499');
    // The contents list is bounded whatever the body holds.
    expect(contents.length).toBe(MAX_CONTENTS_ENTRIES);
    expect(contents[1]).toEqual({ id: 'section-a-2', text: 'a', level: 2 });
  });

  it('share the bounded work of one render: past the saved size limit nothing more is read', () => {
    const { words } = renderReportBody('word '.repeat(BODY_MAX_CHARS));
    expect(words).toBe(BODY_MAX_CHARS / 'word '.length);
  });
});

describe('an ordinary report', () => {
  const report = [
    '# Introduction',
    'Frontier models *should* be tested; see [the guidance](https://example.org/guide), [our team](/team) and [mail us](mailto:policy@example.org).[^1]',
    '## Method',
    '> Evaluations are only as good as their threat models.',
    '1. Collect\n2. Test',
    '![A line chart of training compute](/api/uploads/chart.png "Figure 1: Training compute, 2012-2025")',
    '| Year | Models |\n|:-----|-------:|\n| 2024 | 12 |',
    '# Introduction',
    '[^1]: A note on sources.',
  ].join('\n\n');
  const rendered = renderReportBody(report);
  const doc = parse(rendered.html);

  it('starts its headings at h2 with ids, and lists them as the contents', () => {
    expect(doc.querySelectorAll('h2').map((h) => h.id)).toEqual([
      'section-introduction',
      'section-introduction-2',
    ]);
    expect(doc.querySelector('h3')!.id).toBe('section-method');
    expect(rendered.contents).toEqual([
      { id: 'section-introduction', text: 'Introduction', level: 2 },
      { id: 'section-method', text: 'Method', level: 3 },
      { id: 'section-introduction-2', text: 'Introduction', level: 2 },
    ]);
  });

  it('makes a lone image a figure with its alt text and caption', () => {
    const figure = doc.querySelector('figure')!;
    expect(figure.querySelector('img')!.getAttribute('alt')).toBe(
      'A line chart of training compute',
    );
    expect(figure.querySelector('img')!.getAttribute('srcset')).toContain(
      '/.netlify/images?url=%2Fapi%2Fuploads%2Fchart.png&w=640 640w',
    );
    expect(figure.querySelector('figcaption')!.text).toBe('Figure 1: Training compute, 2012-2025');
  });

  it('keeps links, quotes, lists, aligned tables and footnotes', () => {
    expect(doc.querySelectorAll('a').map((a) => a.getAttribute('href'))).toEqual([
      'https://example.org/guide',
      '/team',
      'mailto:policy@example.org',
      '#fn1',
      '#fnref1',
    ]);
    expect(doc.querySelector('blockquote')!.text.trim()).toBe(
      'Evaluations are only as good as their threat models.',
    );
    expect(doc.querySelectorAll('ol > li').length).toBeGreaterThanOrEqual(2);
    expect(doc.querySelector('td.align-right')!.text).toBe('12');
    expect(doc.querySelector('section.footnotes li#fn1')!.text).toContain('A note on sources.');
  });

  it('counts the words it shows for the reading time', () => {
    // Headings, text, list, quote, table and note; not the figure's alt text or the note's marker.
    expect(rendered.words).toBe(35);
    expect(rendered.minutes).toBe(1);
    expect(renderReportBody('word '.repeat(230 * 12)).minutes).toBe(12);
  });

  it('lists the images as written, with their captions, for the alt-text check', () => {
    expect(
      bodyImages('![Chart](/a.png "Figure 1")\n\nText ![](/b.png) and *![ spaced ](/c.png)*'),
    ).toEqual([
      { src: '/a.png', alt: 'Chart', caption: 'Figure 1', figure: true },
      { src: '/b.png', alt: '', caption: '', figure: false },
      { src: '/c.png', alt: 'spaced', caption: '', figure: false },
    ]);
  });
});
