/**
 * `context.waitUntil` as Netlify's function runtime gives it: work handed over keeps the
 * invocation alive after the response has been sent, a rejection is logged rather than thrown,
 * and the invocation ends only once every handed-over promise (including any handed over while
 * others ran) has settled.
 */
export function invocationWork(log: (line: string) => void) {
  const pending = new Set<Promise<unknown>>();
  return {
    waitUntil(promise: Promise<unknown>): void {
      if (promise === undefined)
        throw new TypeError('waitUntil: At least 1 argument required, but only 0 passed');
      const tracked: Promise<unknown> = Promise.resolve(promise)
        .catch((error: unknown) =>
          log(`waitUntil work failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    /** Resolves once nothing handed over is still running. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled(pending);
    },
  };
}

/** Every invocation's background work still running on this platform (tests wait on it). */
export class BackgroundWork {
  private running = new Set<Promise<void>>();

  /** Keeps track of an invocation's work until it has settled. */
  track(work: Promise<void>): void {
    const tracked = work.finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** Resolves once every invocation's handed-over work has settled. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled(this.running);
  }
}
