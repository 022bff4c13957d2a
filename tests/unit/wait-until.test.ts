import { describe, expect, it } from 'vitest';
import { invocationWork } from '../../scripts/platform/wait-until';

// The local platform's context.waitUntil behaves as Netlify's runtime does.
describe('invocationWork (context.waitUntil)', () => {
  it('lasts until every handed-over promise settles, including ones handed over meanwhile, and logs rejections', async () => {
    const logged: string[] = [];
    const work = invocationWork((l) => logged.push(l));
    const done: string[] = [];
    work.waitUntil(
      new Promise<void>((resolve) =>
        setTimeout(() => {
          done.push('first');
          work.waitUntil(
            new Promise<void>((r) => setTimeout(() => (done.push('second'), r()), 20)),
          );
          resolve();
        }, 20),
      ),
    );
    work.waitUntil(Promise.reject(new Error('provider down')));
    await work.settled();
    expect(done).toEqual(['first', 'second']);
    expect(logged).toEqual(['waitUntil work failed: provider down']);
  });

  it('refuses a call without a promise, as Netlify does', () => {
    const work = invocationWork(() => {});
    expect(() => (work.waitUntil as (p?: Promise<unknown>) => void)()).toThrow(TypeError);
  });
});
