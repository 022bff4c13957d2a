import { describe, expect, it } from 'vitest';
import { teamListKey } from '../../src/lib/team-list-key';

const ada = { id: 'a', name: 'Ada', position: 'Chair', order: 0, createdAt: '2025-01-01' };
const zed = { id: 'z', name: 'Zed', position: 'Adviser', createdAt: '2025-02-01' };

describe('teamListKey', () => {
  it('is the same for the list as the build read it and as the API sends it', () => {
    // The API may send members in another order, and an empty field where the build had none.
    expect(teamListKey([zed, { ...ada, bio: '', email: null }])).toBe(teamListKey([ada, zed]));
    // Fields no card shows do not count.
    expect(teamListKey([{ ...ada, updatedAt: 'later' } as typeof ada, zed])).toBe(
      teamListKey([ada, zed]),
    );
  });

  it('changes with anything a card shows, with the order and with who is listed', () => {
    const key = teamListKey([ada, zed]);
    for (const changed of [
      [{ ...ada, position: 'Chair of the board' }, zed],
      [{ ...ada, image: '/uploads/ada.jpg' }, zed],
      [{ ...ada, slug: 'ada' }, zed],
      // Ada after Zed, who has no order (sorted as 999).
      [{ ...ada, order: 1000 }, zed],
      [ada],
      [ada, zed, { ...zed, id: 'y' }],
    ])
      expect(teamListKey(changed)).not.toBe(key);
  });
});
