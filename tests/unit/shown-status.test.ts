import { describe, expect, it } from 'vitest';
import { shownStatus } from '../../src/schemas/release';

describe('the status admins read', () => {
  const item = { status: 'scheduled' as const, publishAt: '2031-07-15T09:00', timeZone: 'UTC' };
  it('is Published once a scheduled time has passed, and Scheduled before', () => {
    expect(shownStatus(item, Date.UTC(2031, 6, 15, 8, 59))).toBe('scheduled');
    expect(shownStatus(item, Date.UTC(2031, 6, 15, 9, 0))).toBe('published');
    expect(shownStatus({ status: 'draft' })).toBe('draft');
    expect(shownStatus({})).toBe('published');
  });
});
