import { describe, expect, it } from 'vitest';
import { changeValues, describeChange } from '../../src/components/admin/pages/change-text';

describe('history entries read as people write', () => {
  it('names settings fields in words', () => {
    expect(
      describeChange({ action: 'update', target: 'site-settings', summary: 'heroTrustBadge' }),
    ).toBe('Hero trust badge changed');
    expect(
      describeChange({
        action: 'update',
        target: 'site-settings',
        summary: 'heroTitle, showEvents',
      }),
    ).toBe('Hero title and show events changed');
    expect(
      describeChange({ action: 'restore', target: 'site-settings', summary: 'heroTitle' }),
    ).toBe('Hero title restored');
  });

  it('names collections and their items', () => {
    expect(describeChange({ action: 'reorder', target: 'team-members', summary: 'order' })).toBe(
      'Team members reordered',
    );
    expect(describeChange({ action: 'create', target: 'events/e1', summary: 'Policy Forum' })).toBe(
      'Event “Policy Forum” added',
    );
    expect(
      describeChange({
        action: 'update',
        target: 'publications/p1',
        summary: 'AI Audit: title, startDate',
      }),
    ).toBe('Publication “AI Audit”: title and start date changed');
    expect(
      describeChange({ action: 'delete', target: 'research-areas/r1', summary: 'Safety' }),
    ).toBe('Research area “Safety” deleted');
    expect(
      describeChange({
        action: 'update',
        target: 'users/ana',
        summary: 'Reset the password of ana',
      }),
    ).toBe('Reset the password of ana');
  });

  it('shows before and after of a one-field change', () => {
    expect(
      changeValues({
        before: { heroTrustBadge: 'Trusted by 40 labs' },
        after: { heroTrustBadge: 'Trusted by 50 labs' },
      }),
    ).toEqual({
      before: 'Trusted by 40 labs',
      after: 'Trusted by 50 labs',
    });
    expect(changeValues({ before: { a: '1', b: '2' }, after: { a: '3', b: '4' } })).toBeNull();
    expect(changeValues({ before: { ids: ['a', 'b'] }, after: { ids: ['b', 'a'] } })).toBeNull();
  });
});
