/**
 * The newsletter archive: /newsletter lists the sent issues, /newsletter/<slug> is each one's web
 * version (the target of an email's "View in your browser"), /newsletter/feed.xml their RSS.
 * Pure, shared by the pages, the sitemap, the feed and tests.
 */
import type { RSSFeedItem } from '@astrojs/rss';
import { formatDay } from './date-style';
import { FEED_SIZE } from './feeds';

export const NEWSLETTER_PATH = '/newsletter';
export const NEWSLETTER_FEED = `${NEWSLETTER_PATH}/feed.xml`;

/**
 * Pages of their own under /newsletter: an issue with one of these slugs would be hidden behind
 * the page, so it gets no web version (and the issue store should never hand them out).
 */
export const RESERVED_ISSUE_SLUGS: readonly string[] = [
  'confirm',
  'unsubscribe',
  'preferences',
  'feed',
];

/** What the archive shows of a sent issue (a row of the issue index: no body). */
export interface ArchivedIssue {
  slug: string;
  subject: string;
  /** When it went out; issues sent before this was recorded fall back to their creation. */
  sentAt?: string;
  createdAt: string;
  /** Research area slugs it was addressed to; empty: everyone. */
  topics: readonly string[];
}

/** An issue's web version. */
export const issueUrl = (issue: { slug: string }): string => `${NEWSLETTER_PATH}/${issue.slug}`;

/** Whether an issue can have a page at its slug. */
export const hasWebVersion = (issue: { slug: string }): boolean =>
  issue.slug.length > 0 && !RESERVED_ISSUE_SLUGS.includes(issue.slug);

/** When an issue went out, as an ISO time. */
export const sentOn = (issue: Pick<ArchivedIssue, 'sentAt' | 'createdAt'>): string =>
  issue.sentAt ?? issue.createdAt;

/** The issues the archive lists: those with a page, newest sent first. */
export const archiveIssues = <T extends ArchivedIssue>(issues: readonly T[]): T[] =>
  issues.filter(hasWebVersion).sort((a, b) => sentOn(b).localeCompare(sentOn(a)));

/** A sent date as the site shows dates: 'November 28, 2026' (in UTC, so every build says the same). */
export const issueDate = (issue: Pick<ArchivedIssue, 'sentAt' | 'createdAt'>): string =>
  formatDay(sentOn(issue), 'UTC');

/** The feed's items: the newest issues, each linking to its web version. */
export function issueFeedItems(
  issues: readonly ArchivedIssue[],
  topicTitle: (slug: string) => string | undefined,
): RSSFeedItem[] {
  return archiveIssues(issues)
    .slice(0, FEED_SIZE)
    .map((issue) => {
      const topics = issue.topics.map(topicTitle).filter((t): t is string => !!t);
      return {
        title: issue.subject,
        link: issueUrl(issue),
        pubDate: new Date(sentOn(issue)),
        description: topics.length
          ? `Newsletter of ${issueDate(issue)} on ${topics.join(', ')}.`
          : `Newsletter of ${issueDate(issue)}.`,
        categories: topics,
      };
    });
}
