import { describe, expect, it } from 'vitest';
import { isProposalAck } from '../../src/schemas/proposal';

describe('isProposalAck', () => {
  it('tells a save kept for review from a saved record', () => {
    expect(isProposalAck({ proposal: { id: '123', status: 'pending' } })).toBe(true);
    // A record that merely has a field called proposal is still a record.
    expect(isProposalAck({ id: 'a', title: 'T', proposal: 'text' })).toBe(false);
    expect(isProposalAck({ id: 'a', title: 'T' })).toBe(false);
    expect(isProposalAck(null)).toBe(false);
    expect(isProposalAck('proposal')).toBe(false);
  });
});
