import { expect } from 'vitest';

/** A proposal's acknowledgement: a contributor's save answered 202, kept for review. */
export interface Ack {
  proposal: { id: string; status: string };
}

/** Expects a 202 proposal and answers its id. */
export function proposalId(res: { status: number; json: unknown; text: string }): string {
  expect(res.status, res.text).toBe(202);
  expect(res.json).toEqual({ proposal: { id: expect.any(String), status: 'pending' } });
  return (res.json as Ack).proposal.id;
}

export const member = (name: string) => ({ name, position: 'Fellow', bio: `${name} studies AI.` });
