import type { MailCondition, MailKind } from '../../schemas/mail';
import { SITE } from '../../site.config';

/** A line under the message: why the reader gets it and what they can do, with an optional link. */
export interface FooterLine {
  text: string;
  link?: { label: string; url: string };
}

/** A message in plain words; `renderLetter` makes its plain-text and HTML parts. */
export interface Letter {
  kind: MailKind;
  to: string;
  subject: string;
  /** Plain-text paragraphs, in order. */
  paragraphs: string[];
  /** The one thing the message asks the reader to do. */
  action?: { label: string; url: string };
  footer?: FooterLine[];
  replyTo?: string;
  headers?: Record<string, string>;
  /** Sent only while this still holds at delivery time. */
  onlyWhile?: MailCondition;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A link in plain text: 'Unsubscribe: <address>', or the address once when it is its own label. */
const linkText = (l: { label: string; url: string }) =>
  l.label === l.url ? l.url : `${l.label}: ${l.url}`;

/**
 * The two parts every message carries. The HTML part holds no image and no remote resource, so
 * opening it tells nobody anything (no tracking pixel), and says the same as the text part.
 */
export function renderLetter(letter: Letter): { text: string; html: string } {
  const footer = letter.footer ?? [];
  const text = [
    ...letter.paragraphs,
    ...(letter.action ? [`${letter.action.label}: ${letter.action.url}`] : []),
    ...(footer.length
      ? ['--', ...footer.map((f) => (f.link ? `${f.text} ${linkText(f.link)}` : f.text))]
      : []),
    SITE.name,
  ].join('\n\n');
  const p = (inner: string, style = '') => `<p style="margin:0 0 16px;${style}">${inner}</p>`;
  const link = (l: { label: string; url: string }) =>
    `<a href="${escapeHtml(l.url)}" style="color:#1d4ed8">${escapeHtml(l.label)}</a>`;
  const html = [
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="margin:0;padding:24px;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#0f172a;background:#ffffff">',
    '<div style="max-width:560px;margin:0 auto">',
    ...letter.paragraphs.map((para) => p(escapeHtml(para).replace(/\n/g, '<br>'))),
    letter.action
      ? p(
          `<a href="${escapeHtml(letter.action.url)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:#1d4ed8;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(letter.action.label)}</a>`,
        ) +
        p(
          `Or open this address: ${escapeHtml(letter.action.url)}`,
          'font-size:13px;color:#475569;word-break:break-all',
        )
      : '',
    footer.length ? '<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0">' : '',
    ...footer.map((f) =>
      p(`${escapeHtml(f.text)}${f.link ? ` ${link(f.link)}` : ''}`, 'font-size:13px;color:#475569'),
    ),
    p(escapeHtml(SITE.name), 'font-size:13px;color:#475569'),
    '</div></body></html>',
  ].join('');
  return { text, html };
}
