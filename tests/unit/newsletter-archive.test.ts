import { describe, expect, it } from 'vitest';
import {
  archiveIssues,
  issueDate,
  issueFeedItems,
  issueUrl,
  type ArchivedIssue,
} from '../../src/lib/newsletter-archive';

const issue = (slug: string, sentAt: string, topics: string[] = []): ArchivedIssue => ({
  slug,
  subject: `Issue ${slug}`,
  sentAt,
  createdAt: '2026-01-01T00:00:00.000Z',
  topics,
});

describe('the newsletter archive', () => {
  it('lists issues newest sent first, leaving out slugs that are pages of their own', () => {
    const listed = archiveIssues([
      issue('march', '2026-03-02T09:00:00.000Z'),
      issue('may', '2026-05-02T09:00:00.000Z'),
      issue('preferences', '2026-06-02T09:00:00.000Z'),
      issue('april', '2026-04-02T09:00:00.000Z'),
    ]);
    expect(listed.map((i) => i.slug)).toEqual(['may', 'april', 'march']);
    expect(issueUrl(listed[0]!)).toBe('/newsletter/may');
  });

  it('dates an issue by when it went out, in UTC', () => {
    expect(issueDate(issue('x', '2026-11-28T23:30:00.000Z'))).toBe('November 28, 2026');
    expect(issueDate({ createdAt: '2026-02-01T00:00:00.000Z' })).toBe('February 1, 2026');
  });

  it('feeds each issue with its web version, date and topic titles', () => {
    const titles: Record<string, string> = { 'ai-safety': 'AI Safety' };
    const [item] = issueFeedItems(
      [issue('june', '2026-06-02T09:00:00.000Z', ['ai-safety', 'gone'])],
      (slug) => titles[slug],
    );
    expect(item).toEqual({
      title: 'Issue june',
      link: '/newsletter/june',
      pubDate: new Date('2026-06-02T09:00:00.000Z'),
      description: 'Newsletter of June 2, 2026 on AI Safety.',
      categories: ['AI Safety'],
    });
  });
});
