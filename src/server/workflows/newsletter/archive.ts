/**
 * Build-time loaders of the newsletter archive (/newsletter, /newsletter/<slug>, its feed and the
 * sitemap): the sent issues from the issue index (one document), and each issue's web version,
 * rendered by the same code as the email's body. Server-only, like content.ts.
 */
import { archiveIssues } from '../../../lib/newsletter-archive';
import type { NewsletterIssue } from '../../../schemas/newsletter-issue';
import { renderIssueWeb } from './issue-html';
import { listSentIssues, readSentIssueBySlug } from './issues';

let sent: ReturnType<typeof listSentIssues> | null = null;

/** Sent issues with a page, newest sent first: read once per build. */
export const loadSentIssues = async () => archiveIssues(await (sent ??= listSentIssues()));

/** A sent issue with its web version's body (HTML with paths on this site). */
export interface IssuePage {
  issue: NewsletterIssue;
  body: string;
}

/**
 * Every sent issue's page content. One that cannot be read or rendered is left out with a warning,
 * so one bad issue never stops the build that publishes the rest.
 */
export async function loadIssuePages(): Promise<IssuePage[]> {
  const pages: IssuePage[] = [];
  for (const row of await loadSentIssues()) {
    try {
      const issue = await readSentIssueBySlug(row.slug);
      if (issue) pages.push({ issue, body: await renderIssueWeb(issue) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(
        `Left out of this build: newsletter issue "${row.subject}" (${row.slug}): ${reason}`,
      );
    }
  }
  return pages;
}
