/**
 * The Node flag the processes that run the platform in tests start with. The functions keep their
 * invocation in an AsyncLocalStorage (src/server/http/invocation.ts); on Node 22 that switches on
 * a hook for every promise the process makes from then on. With this flag (the default from
 * Node 24) the storage rides on V8's context frames instead, with the same behaviour. The API
 * tests run the platform and the functions in their own process, where the hook cost 6-9% of the
 * CPU time of the busiest files (59-62 CPU-seconds with the flag, 64-65 without).
 */
export const ASYNC_CONTEXT_FRAME = '--experimental-async-context-frame';
