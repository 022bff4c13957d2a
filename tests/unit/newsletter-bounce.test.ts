import { describe, expect, it } from 'vitest';
import { bounceEvent, bounceInputSchema } from '../../src/schemas/newsletter-bounce';

const read = (body: unknown) => bounceEvent(bounceInputSchema.parse(body));

describe('a provider bounce, read as one event', () => {
  it('in the site’s own shape: a complaint, a hard bounce, and a soft one that changes nothing', () => {
    expect(read({ type: 'complaint', email: 'a@example.org', issueId: 'i1' })).toEqual({
      kind: 'complaint',
      email: 'a@example.org',
      issueId: 'i1',
    });
    expect(read({ type: 'bounce', email: 'b@example.org', permanent: true })).toEqual({
      kind: 'hard',
      email: 'b@example.org',
    });
    expect(read({ type: 'bounce', email: 'c@example.org' })).toEqual({
      kind: 'soft',
      email: 'c@example.org',
    });
  });

  it('in Postmark’s shape: only a HardBounce suppresses, and the issue comes from its metadata', () => {
    expect(
      read({
        RecordType: 'Bounce',
        Type: 'HardBounce',
        Email: 'd@example.org',
        Metadata: { issueId: 'i2' },
        MessageStream: 'broadcast',
      }),
    ).toEqual({ kind: 'hard', email: 'd@example.org', issueId: 'i2' });
    expect(read({ RecordType: 'Bounce', Type: 'SoftBounce', Email: 'e@example.org' })).toEqual({
      kind: 'soft',
      email: 'e@example.org',
    });
    expect(read({ RecordType: 'SpamComplaint', Email: 'f@example.org' })).toEqual({
      kind: 'complaint',
      email: 'f@example.org',
    });
  });

  it('refuses anything else with the message that names both shapes', () => {
    const result = bounceInputSchema.safeParse({ type: 'delivery', email: 'g@example.org' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/Postmark bounce or spam-complaint webhook/);
  });
});
