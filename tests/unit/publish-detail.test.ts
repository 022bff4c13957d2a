import { describe, expect, it } from 'vitest';
import { exceptions, publishDetail } from '../../src/components/admin/PublishBadge';
import type { PublishState } from '../../src/schemas/publish-state';

const live: PublishState = {
  state: 'live',
  lastChangeAt: null,
  lastBuildAt: new Date().toISOString(),
  lastBuildDurationMs: 5000,
  lastError: null,
  skipped: [],
};
const gala = {
  kind: 'event',
  id: 'g',
  title: 'Far Future Gala',
  page: '/events/far-future-gala',
  reason: 'The date +275760-09-12 cannot be written to a calendar file',
};

describe('what admins read about the last build', () => {
  it('says "published, except" with the record, its page and why, instead of a failure', () => {
    const text = publishDetail({ ...live, skipped: [gala] });
    expect(text).toBe(
      'Published, except: "Far Future Gala" (event at /events/far-future-gala: The date +275760-09-12 cannot be written to a calendar file)',
    );
  });
  it('says nothing of the kind when everything was published, or while a newer build is on its way', () => {
    expect(exceptions(live)).toBe('');
    expect(exceptions({ ...live, state: 'building', skipped: [gala] })).toBe('');
    expect(publishDetail(live)).toMatch(/^Last published .* in 5\.0 s$/);
  });
});
