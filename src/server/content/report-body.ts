/**
 * The web version of a report: its Markdown body rendered once, at build time (and for the
 * admin's preview), into HTML that can hold nothing executable.
 *
 * markdown-it parses with raw HTML switched off (an admin's `<script>` shows as text) and adds
 * tables, footnotes and figures; sanitize-html then keeps only the elements and attributes this
 * renderer itself writes, and links only to http(s), mailto or addresses on this site. The output
 * needs no inline script or style, so the pages' Content-Security-Policy stays as it is. Images
 * come from this site only: one on another site would have every reader's browser contact it
 * (saves refuse them, report-figures.ts); a stored one shows as its alt text instead.
 */
import MarkdownIt from 'markdown-it';
import footnote from 'markdown-it-footnote';
import sanitizeHtml from 'sanitize-html';
import { slugify } from '../../lib/slug';
import { BODY_MAX_CHARS } from '../../schemas/publication';
import { imageCdnUrl, resizable } from '../../lib/responsive-image';
import { headingIds } from './heading-ids';

/** One entry of the contents list: a heading of the body, as the page shows it. */
export interface ContentsEntry {
  id: string;
  text: string;
  /** 2 or 3: the body's top-level headings are h2 on the page (its title is the h1). */
  level: number;
}

export interface RenderedBody {
  html: string;
  contents: ContentsEntry[];
  words: number;
  /** Reading time in whole minutes, at least 1. */
  minutes: number;
}

/**
 * The contents list shows at most this many headings: a list longer than that helps nobody find
 * a section, and it is repeated on every render of the page.
 */
export const MAX_CONTENTS_ENTRIES = 100;

/** Words a minute of an attentive reader of policy prose. */
const WORDS_PER_MINUTE = 230;

/** Figures fill the text column: at most 48rem wide. */
const FIGURE_WIDTHS = [320, 480, 640, 800, 960, 1280, 1600] as const;
const FIGURE_SIZES = '(min-width: 1024px) 48rem, calc(100vw - 2rem)';

const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false }).use(
  footnote,
);

/**
 * Headings get ids (for the contents list) and start at h2 whatever level the admin began with;
 * table alignment becomes a class instead of an inline style; a paragraph holding one image only
 * becomes a figure whose title is the caption.
 */
md.core.ruler.push('report_structure', (state) => {
  const tokens = state.tokens;
  const levels = tokens.filter((t) => t.type === 'heading_open').map((t) => Number(t.tag.slice(1)));
  const shift = levels.length ? 2 - Math.min(...levels) : 0;
  const idFor = headingIds();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'heading_open' || t.type === 'heading_close') {
      t.tag = `h${Math.min(6, Number(t.tag.slice(1)) + shift)}`;
    }
    if (t.type === 'heading_open') {
      const text = tokens[i + 1]?.children?.map((c) => c.content).join('') ?? '';
      t.attrSet('id', idFor(`section-${slugify(text) || 'heading'}`));
    }
    if ((t.type === 'th_open' || t.type === 'td_open') && t.attrGet('style')) {
      const align = /text-align:(left|center|right)/.exec(String(t.attrGet('style')))?.[1];
      t.attrs = align ? [['class', `align-${align}`]] : null;
    }
    const inline = tokens[i + 1];
    if (
      t.type === 'paragraph_open' &&
      !t.hidden &&
      inline?.children?.length === 1 &&
      inline.children[0]!.type === 'image' &&
      tokens[i + 2]?.type === 'paragraph_close'
    ) {
      t.tag = 'figure';
      tokens[i + 2]!.tag = 'figure';
      inline.children[0]!.meta = { figure: true };
    }
  }
});

/** Whether an image address is a path on this site (not `//host/…`, which leaves it). */
export const onSiteImage = (src: string): boolean => /^\/(?![/\\])/.test(src);

md.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx]!;
  const src = String(token.attrGet('src') ?? '');
  const alt = token.children?.map((c) => c.content).join('') ?? token.content;
  const caption = String(token.attrGet('title') ?? '');
  const esc = md.utils.escapeHtml;
  if (!onSiteImage(src)) return esc(alt);
  const sized = resizable(src)
    ? ` src="${esc(imageCdnUrl(src, 960))}" srcset="${esc(FIGURE_WIDTHS.map((w) => `${imageCdnUrl(src, w)} ${w}w`).join(', '))}" sizes="${FIGURE_SIZES}"`
    : ` src="${esc(src)}"`;
  const img = `<img${sized} alt="${esc(alt)}" loading="lazy" decoding="async">`;
  if (!(token.meta as { figure?: boolean } | null)?.figure) return img;
  return caption ? `${img}<figcaption>${esc(caption)}</figcaption>` : img;
};

// Wide tables scroll inside their own box (a keyboard can scroll it too) instead of widening the page.
md.renderer.rules.table_open = () =>
  '<div class="table-scroll" role="region" aria-label="Table" tabindex="0"><table>\n';
md.renderer.rules.table_close = () => '</table></div>\n';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
    a: ['href', 'id', 'class'],
    li: ['id', 'class'],
    ol: ['start', 'class'],
    sup: ['class'],
    section: ['class'],
    hr: ['class'],
    img: ['src', 'srcset', 'sizes', 'alt', 'loading', 'decoding'],
    div: ['class', 'role', 'aria-label', 'tabindex'],
    th: ['class'],
    td: ['class'],
    code: ['class'],
  },
  allowedClasses: {
    a: ['footnote-backref'],
    li: ['footnote-item'],
    ol: ['footnotes-list'],
    sup: ['footnote-ref'],
    section: ['footnotes'],
    hr: ['footnotes-sep'],
    div: ['table-scroll'],
    th: ['align-left', 'align-center', 'align-right'],
    td: ['align-left', 'align-center', 'align-right'],
    code: [/^language-[\w-]+$/],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // No scheme at all: an image is a path on this site (the renderer already dropped any other).
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

const wordsIn = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** Words a reader reads (text, code, alt texts are not read): what the reading time counts. */
function countWords(tokens: ReturnType<typeof md.parse>): number {
  let words = 0;
  for (const t of tokens) {
    if (t.type === 'fence' || t.type === 'code_block') words += wordsIn(t.content);
    for (const c of t.children ?? [])
      if (c.type === 'text' || c.type === 'code_inline') words += wordsIn(c.content);
  }
  return words;
}

/**
 * Renders a report's Markdown body: safe HTML, its contents list (h2 and h3) and reading time.
 * One render's work is bounded: past BODY_MAX_CHARS (what a save accepts) the body is not read.
 */
export function renderReportBody(markdown: string): RenderedBody {
  const env = {};
  const tokens = md.parse(markdown.slice(0, BODY_MAX_CHARS), env);
  const html = sanitizeHtml(md.renderer.render(tokens, md.options, env), SANITIZE);
  const contents: ContentsEntry[] = [];
  tokens.forEach((t, i) => {
    const level = Number(t.tag.slice(1));
    if (t.type !== 'heading_open' || level > 3 || contents.length >= MAX_CONTENTS_ENTRIES) return;
    contents.push({
      id: String(t.attrGet('id')),
      text: tokens[i + 1]?.children?.map((c) => c.content).join('') ?? '',
      level,
    });
  });
  const words = countWords(tokens);
  return { html, contents, words, minutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)) };
}

/** The images of a body as written (`![alt](src)`), in order: what the alt-text rule checks. */
export function bodyImages(
  markdown: string,
): { src: string; alt: string; caption: string; figure: boolean }[] {
  const found: { src: string; alt: string; caption: string; figure: boolean }[] = [];
  const walk = (tokens: ReturnType<typeof md.parse>) => {
    for (const t of tokens) {
      if (t.type === 'image')
        found.push({
          src: String(t.attrGet('src') ?? ''),
          alt: (t.children?.map((c) => c.content).join('') ?? t.content).trim(),
          caption: String(t.attrGet('title') ?? '').trim(),
          // An image on a line of its own is a figure, shown with its caption.
          figure: !!(t.meta as { figure?: boolean } | null)?.figure,
        });
      if (t.children) walk(t.children);
    }
  };
  walk(md.parse(markdown, {}));
  return found;
}
