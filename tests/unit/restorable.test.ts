import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/schemas/history';
import { whyNotRestorable } from '../../src/server/workflows/restorable';

const entry = (target: string, change: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: 'e1',
  at: '2026-11-29T12:00:00.000Z',
  user: 'admin',
  action: 'update',
  target,
  summary: '',
  before: { id: 'x' },
  after: { id: 'x' },
  ...change,
});

describe('which History entries have a restore', () => {
  it.each([
    ['settings', entry('site-settings')],
    ['an item update', entry('publications/x')],
    ['an item create', entry('events/x', { action: 'create', before: undefined })],
    ['a whole order', entry('research-areas', { action: 'reorder' })],
    ['a testimonial update', entry('testimonials/x')],
    ['a deleted subscription', entry('subscriptions/x', { action: 'delete', after: undefined })],
  ])('%s has one', (_, e) => expect(whyNotRestorable(e)).toBeNull());

  it.each([
    ['erased personal data', entry('publications/x', { erased: true }), /erased/],
    ['media', entry('media/x'), /not restored from History/],
    ['a user', entry('users/ana'), /not restored from History/],
    ['a release', entry('releases/x'), /not restored from History/],
    ['a message', entry('contact-forms/x'), /not restored from History/],
    ['a part of an item', entry('publications/x/pdf'), /not restored from History/],
    ['a submitted testimonial', entry('testimonials/x', { before: undefined }), /not removed/],
    ['a new subscription', entry('subscriptions/x', { before: undefined }), /deleted subscription/],
  ])('%s has none, and says why', (_, e, why) => expect(whyNotRestorable(e)).toMatch(why));
});
