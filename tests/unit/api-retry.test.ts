import { afterEach, describe, expect, it, vi } from 'vitest';
import { mutate } from '../../src/lib/api';

// The spec's rule: a mutation that failed without a status is retried once. Both attempts name
// it with one Idempotency-Key, so the server answers the retry of one that landed as it was.
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a mutation', () => {
  it('is retried once after a network failure, with the same Idempotency-Key', async () => {
    vi.useFakeTimers();
    const keys: (string | undefined)[] = [];
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
      if (keys.length === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ id: 'made' }), { status: 201 });
    });
    vi.stubGlobal('fetch', fetch);
    const made = mutate<{ id: string }>('POST', '/api/contact', { message: 'hi' });
    await vi.runAllTimersAsync();
    expect(await made).toEqual({ id: 'made' });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    // The next mutation is another: another key.
    await mutate('POST', '/api/contact', { message: 'again' });
    expect(keys[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('is not retried after an answer with a status', async () => {
    const fetch = vi.fn(async () => new Response('{"message":"busy"}', { status: 503 }));
    vi.stubGlobal('fetch', fetch);
    await expect(mutate('POST', '/api/contact', {})).rejects.toThrow('503');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
