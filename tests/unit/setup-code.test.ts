import { describe, expect, it } from 'vitest';
import { newSetupCode } from '../../src/server/auth/setup-code';

describe('the printed setup code', () => {
  it('is 20 characters in groups of five, from letters and digits that cannot be mistaken', () => {
    const codes = Array.from({ length: 200 }, () => newSetupCode());
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}(-[A-HJKMNP-Z2-9]{5}){3}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
