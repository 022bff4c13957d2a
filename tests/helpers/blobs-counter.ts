import {
  currentBlobsURL,
  redirectBlobsContext,
  startBlobsProxy,
} from '../../scripts/platform/blobs-proxy';

/**
 * Counts the Blobs calls the functions make: a pass-through proxy in front of the platform's local
 * Blobs server, swapped into NETLIFY_BLOBS_CONTEXT (read by @netlify/blobs on every getStore()).
 * `latencyMs` delays each call (a function: a delay of its own per call, given the call).
 */
export async function countBlobCalls(opts: Parameters<typeof startBlobsProxy>[1] = {}) {
  const proxy = await startBlobsProxy(currentBlobsURL(), opts);
  const undo = redirectBlobsContext(proxy.url);
  return {
    /** Every call since the start or the last reset, as "METHOD /site/store/key". */
    get calls(): readonly string[] {
      return proxy.calls;
    },
    /** While true, every write is refused with 403 (reads pass), as a build's Blobs context does. */
    set refuseWrites(on: boolean) {
      proxy.refuseWrites = on;
    },
    /** While set, the writes it answers true for are refused with 403, by "METHOD /site/store/key". */
    set refuseWrite(when: ((call: string) => boolean) | null) {
      proxy.refuseWrite = when;
    },
    reset: () => proxy.reset(),
    /**
     * Runs `fn` and answers how many Blobs calls it made, with the calls (for failure messages),
     * the status each was answered with, and the bytes of the bodies read and written.
     */
    async during<T>(fn: () => Promise<T>): Promise<{
      result: T;
      count: number;
      calls: string[];
      statuses: number[];
      bytesRead: number;
      bytesWritten: number;
    }> {
      const start = proxy.calls.length;
      const result = await fn();
      const made = proxy.calls.slice(start);
      const sizes = proxy.sizes.slice(start);
      return {
        result,
        count: made.length,
        calls: made,
        statuses: proxy.statuses.slice(start),
        bytesRead: sizes.reduce((n, s) => n + s.received, 0),
        bytesWritten: sizes.reduce((n, s) => n + s.sent, 0),
      };
    },
    async close() {
      undo();
      await proxy.close();
    },
  };
}

/**
 * Holds the first Blobs call `match` picks until `release()`, for `countBlobCalls`'s `latencyMs`:
 * a test runs another change whole while one waits at a chosen call, then lets it go on. `match`
 * sees every call until one is held (so it may note what came before).
 */
export function holdFirstCall(match: (call: string) => boolean) {
  let held = false;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    latencyMs: (call: string) => (held || !match(call) ? 0 : ((held = true), gate)),
    /** Whether the call is being held (or was). */
    get held() {
      return held;
    },
    release: () => release(),
  };
}

/**
 * Round trips of their own lengths, now and then a long one, as on Netlify: simultaneous changes
 * then land in one order and reach what follows them in another (for `latencyMs`).
 */
export const unevenRoundTrips = () => (Math.random() < 0.1 ? 80 : Math.random() * 5);
