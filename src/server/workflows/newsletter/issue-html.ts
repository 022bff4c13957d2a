import sanitizeHtml from 'sanitize-html';
import type { NewsletterIssue } from '../../../schemas/newsletter-issue';
import { renderReportBody } from '../../content/report-body';
import { issueCards, type IssueCard } from './issue-cards';

/*
 * The body of an issue: its intro (Markdown, through the report body's renderer and sanitiser)
 * and its cards. One renderer for the message and the archive page, so the web version reads as
 * the message did. In a message every address is absolute and on this site: a link elsewhere in
 * the intro keeps its words without the link, an image elsewhere becomes its alt text. The layout
 * relies on no image: text colours are set, every image has its alt text, and cards read as text.
 */

/** How paths become addresses: absolute on this site (mail), or left as paths (the site's pages). */
export type Addresses = (path: string) => string;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The path of an address on this site, or null for one elsewhere (or not a web address). */
function sitePath(href: string, origin: string | null): string | null {
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return href;
  if (href.startsWith('#')) return null;
  try {
    const url = new URL(href);
    return origin && url.origin === origin ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

const TEXT = 'color:#0f172a';
const MUTED = 'color:#475569';
const LINK = 'color:#1d4ed8';

/** The intro as safe HTML whose every link and image is on this site (links through `link`). */
function introHtml(
  markdown: string,
  abs: Addresses,
  link: Addresses,
  origin: string | null,
): string {
  if (!markdown.trim()) return '';
  return sanitizeHtml(renderReportBody(markdown).html, {
    // The report renderer's output, already sanitised: this pass only rewrites addresses and adds
    // inline styles, so it keeps that output's elements and nothing that could run.
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'figure', 'figcaption', 'span'],
    allowedAttributes: {
      a: ['href', 'style'],
      img: ['src', 'alt', 'width', 'style'],
      p: ['style'],
      '*': ['id'],
    },
    allowedSchemes: ['http', 'https'],
    transformTags: {
      a: (_tag, attribs): sanitizeHtml.Tag => {
        const path = sitePath(attribs.href ?? '', origin);
        return path
          ? { tagName: 'a', attribs: { href: link(path), style: LINK } }
          : { tagName: 'span', attribs: {} };
      },
      img: (_tag, attribs): sanitizeHtml.Tag => {
        const path = sitePath(attribs.src ?? '', origin);
        const alt = attribs.alt ?? '';
        return path
          ? {
              tagName: 'img',
              attribs: {
                src: abs(path),
                alt,
                width: '560',
                style: `max-width:100%;height:auto;${MUTED}`,
              },
            }
          : { tagName: 'span', attribs: {}, text: alt };
      },
      // Mail apps have no stylesheet for the page's classes.
      p: (tag) => ({ tagName: tag, attribs: { style: `margin:0 0 16px;${TEXT}` } }),
    },
  });
}

function cardHtml(card: IssueCard, abs: Addresses, link: Addresses): string {
  const href = escapeHtml(link(card.path));
  const image = card.image
    ? `<a href="${href}" style="${LINK}"><img src="${escapeHtml(abs(card.image.path))}" alt="${escapeHtml(card.image.alt)}" width="560" style="display:block;width:100%;max-width:560px;height:auto;border:0;margin:0 0 12px;${MUTED}"></a>`
    : '';
  return [
    '<div style="border:1px solid #e2e8f0;border-radius:8px;padding:16px;margin:0 0 16px;background:#ffffff">',
    image,
    `<h2 style="margin:0 0 4px;font-size:18px;line-height:1.3"><a href="${href}" style="${LINK};text-decoration:none">${escapeHtml(card.title)}</a></h2>`,
    card.meta
      ? `<p style="margin:0 0 8px;font-size:13px;${MUTED}">${escapeHtml(card.meta)}</p>`
      : '',
    card.summary ? `<p style="margin:0 0 8px;${TEXT}">${escapeHtml(card.summary)}</p>` : '',
    `<p style="margin:0"><a href="${href}" style="${LINK}">Read more: ${escapeHtml(card.title)}</a></p>`,
    '</div>',
  ].join('');
}

/** The plain-text version of some HTML this module wrote: links as "words (address)". */
export function htmlToText(html: string): string {
  // Images first: an image inside a link reads as its alt text, then the link's address.
  return html
    .replace(/<img [^>]*alt="([^"]*)"[^>]*>/g, (_m, alt: string) => (alt ? `[${alt}]` : ''))
    .replace(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g, (_m, href: string, inner: string) => {
      const words = inner.replace(/<[^>]+>/g, '').trim();
      return words ? `${words} (${href})` : href;
    })
    .replace(/<li[^>]*>/g, '- ')
    .replace(/<\/(p|h\d|li|div|blockquote|figure|tr)>|<br\s*\/?>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An issue's body, rendered once per send: the intro and the cards, as HTML and text. */
export interface IssueBody {
  html: string;
  text: string;
}

/**
 * Renders an issue's body with `abs` turning site paths into the addresses it shows, and `link`
 * (by default the same) into the addresses its links go to (a message's carry the issue's `ref`).
 */
export async function renderIssueBody(
  issue: Pick<NewsletterIssue, 'intro' | 'items'>,
  abs: Addresses,
  origin: string | null,
  link: Addresses = abs,
): Promise<IssueBody> {
  const cards = await issueCards(issue.items);
  const html = [
    introHtml(issue.intro, abs, link, origin),
    ...cards.map((card) => cardHtml(card, abs, link)),
  ].join('');
  return { html, text: htmlToText(html) };
}

/**
 * The archive page's copy of a sent issue's body (HTML, paths on this site): what
 * /newsletter/<slug> shows under its subject. Links and images stay on this site.
 */
export async function renderIssueWeb(
  issue: Pick<NewsletterIssue, 'intro' | 'items'>,
): Promise<string> {
  const origin = process.env.URL ? new URL(process.env.URL).origin : null;
  return (await renderIssueBody(issue, (path) => path, origin)).html;
}
