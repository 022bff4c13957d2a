import type { NewsletterIssue } from '../../../schemas/newsletter-issue';
import { SITE } from '../../../site.config';
import { siteUrl } from '../../http/invocation';
import { preferencesUrl, unsubscribeParts } from '../../visitors/newsletter-mail';
import { htmlToText, renderIssueBody, type IssueBody } from './issue-html';

/*
 * One subscriber's copy of an issue. The body is rendered once per send; each copy adds its
 * reader's own links: the one-click unsubscribe (RFC 8058 headers and a footer link, the same ones
 * the welcome mail carries), the preferences page (the same token as the unsubscribe link) and the
 * web version. No pixel, no redirect: every address in it is a page or an image of this site, and
 * links to pages carry `ref=<issue slug>` (the same for every reader) for the site's visit count.
 */

/** Who gets one copy: the subscription's id and address, and its unsubscribe link secret. */
export interface Recipient {
  id: string;
  email: string;
  secret: string;
}

/** An issue with its body rendered, ready to be addressed to each reader. */
export interface PreparedIssue {
  issue: Pick<NewsletterIssue, 'id' | 'slug' | 'subject' | 'topics'>;
  body: IssueBody;
}

/** A message as the sender hands it to the transport. */
export interface IssueMessage {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** What an issue's links carry as `ref`: its slug, or its id when the slug is not plain ASCII. */
export const issueRef = (issue: Pick<NewsletterIssue, 'id' | 'slug'>): string =>
  /^[A-Za-z0-9_-]{1,80}$/.test(issue.slug) ? issue.slug : issue.id;

/**
 * A link to a page of this site from an issue: `ref` added, so the site's visit count can say
 * which issue brought readers (the same for every reader: no per-reader id).
 */
export function issueLink(path: string, issue: Pick<NewsletterIssue, 'id' | 'slug'>): string {
  const url = new URL(siteUrl(path));
  url.searchParams.set('ref', issueRef(issue));
  return url.href;
}

/** Renders the parts every copy shares (cards read once per send, not once per reader). */
export async function prepareIssue(issue: NewsletterIssue): Promise<PreparedIssue> {
  const origin = new URL(siteUrl('/')).origin;
  const body = await renderIssueBody(
    issue,
    (path) => siteUrl(path),
    origin,
    (path) => issueLink(path, issue),
  );
  return { issue, body };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The issue's page in the public archive. */
export const webVersionUrl = (slug: string) => siteUrl(`/newsletter/${encodeURIComponent(slug)}`);

/** The List-Id of the newsletter (RFC 2919): a name and an id under the site's host. */
const listId = () => `${SITE.shortName} newsletter <newsletter.${new URL(siteUrl('/')).hostname}>`;

/** One reader's copy of a prepared issue. */
export function issueMessage({ issue, body }: PreparedIssue, to: Recipient): IssueMessage {
  const { headers, footer } = unsubscribeParts(to.id, to.secret);
  const web = issueLink(new URL(webVersionUrl(issue.slug)).pathname, issue);
  const preferences = preferencesUrl(to.id, to.secret);
  const small = 'margin:0 0 12px;font-size:13px;color:#475569';
  const link = (url: string, label: string) =>
    `<a href="${escapeHtml(url)}" style="color:#1d4ed8">${escapeHtml(label)}</a>`;
  const html = [
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(issue.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#0f172a;background:#ffffff">',
    '<div style="max-width:560px;margin:0 auto">',
    `<p style="${small}">${link(web, 'View in your browser')}</p>`,
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.25;color:#0f172a">${escapeHtml(issue.subject)}</h1>`,
    body.html,
    '<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0">',
    `<p style="${small}">Choose the topics you hear about: ${link(preferences, 'Your preferences')}</p>`,
    ...footer.map(
      (f) =>
        `<p style="${small}">${escapeHtml(f.text)}${f.link ? ` ${link(f.link.url, f.link.label)}` : ''}</p>`,
    ),
    `<p style="${small}">${escapeHtml(SITE.name)}</p>`,
    '</div></body></html>',
  ].join('');
  const text = [
    `View in your browser: ${web}`,
    issue.subject,
    body.text || htmlToText(body.html),
    '--',
    `Choose the topics you hear about: ${preferences}`,
    ...footer.map((f) => (f.link ? `${f.text} ${f.link.label}: ${f.link.url}` : f.text)),
    SITE.name,
  ].join('\n\n');
  return {
    subject: issue.subject,
    html,
    text,
    headers: {
      ...headers,
      'List-Id': listId(),
      // Ties a bounce back to its issue: the header for any provider, Postmark's metadata for its webhook.
      'X-Newsletter-Issue': issue.id,
      'X-PM-Metadata-issueId': issue.id,
    },
  };
}
