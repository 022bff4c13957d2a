import { randomUUID } from 'node:crypto';
import type { Store } from '@netlify/blobs';
import { z } from 'zod';
import { landedEtag } from './calls';
import { deleteKey, readJSON } from './documents';

/*
 * Leases: a short hold one run takes on a piece of work, so that two runs that overlap (two
 * function invocations, a retry, a scheduled run beside a click) never both do it. A lease is an
 * expiry time written with an etag-guarded write (onlyIfMatch at the version read, or onlyIfNew
 * when there is none), so of two runs that read the same free version only one write lands. It
 * is never waited for: a run that finds it held leaves the work to its holder. And it runs out by
 * itself: a run cut off half-way (a function stopped at its time limit) cannot give it back, so a
 * later run takes it over once its time is up, which is why each lease lasts longer than the work
 * it guards can take.
 */

/**
 * Where a record keeps its lease, in the format it has always been stored in: until when the
 * lease holds (ms; 0 or NaN when none), and the record holding one until a given time.
 */
export interface LeaseField<T> {
  until(value: T): number;
  hold(value: T, until: number): T;
}

/**
 * Takes the lease on the record at `key` for `ms`: reads it and, unless its lease still holds at
 * `now` (or `free` says it is not ready for the work), writes it back holding the lease, only if
 * nobody wrote it since the read. Without a record, `initial` makes one to create (only if new),
 * or refuses (it may throw, e.g. a 404); with no `initial` there is nothing to lease. Answers the
 * record as written with its new etag, or null: absent, held, not ready, or another run's write
 * landed first. A storage failure, or a write the store did not confirm, is a StorageError.
 */
export async function takeLease<S extends z.ZodType>(
  store: Store,
  key: string,
  schema: S,
  field: LeaseField<z.infer<S>>,
  {
    ms,
    now: at,
    initial,
    free = () => true,
  }: {
    ms: number;
    /** The time the lease is taken at (a scheduled run can be run as of another time); the clock's by default. */
    now?: number;
    initial?: () => z.input<S>;
    free?: (value: z.infer<S>, now: number) => boolean;
  },
): Promise<{ value: z.infer<S>; etag: string } | null> {
  const found = await readJSON(store, key, schema);
  // A version is what guards the write back: a record read without one counts as none.
  const read = found?.etag ? { value: found.value, etag: found.etag } : null;
  if (!read && !initial) return null;
  const current: z.infer<S> = read ? read.value : schema.parse(initial!());
  const now = at ?? Date.now();
  if (field.until(current) > now || !free(current, now)) return null;
  const next: z.infer<S> = schema.parse(field.hold(current, now + ms));
  const etag = await landedEtag(`lease ${key}`, () =>
    read
      ? store.setJSON(key, next, { onlyIfMatch: read.etag })
      : store.setJSON(key, next, { onlyIfNew: true }),
  );
  return etag === null ? null : { value: next, etag };
}

/** A lease that is a document of its own: which run holds it, and until when (ms). */
const leaseDocumentSchema = z.object({ holder: z.string(), until: z.number() });

/** A lease held in a document of its own (takeLeaseDocument). */
export interface HeldLease {
  /** Extends the lease by its length from now; false when another run holds it now (stop at once). */
  renew(): Promise<boolean>;
  /** Gives the lease back, unless it ran out and another run holds it now. */
  release(): Promise<void>;
}

/**
 * Takes a lease kept as a document of its own at `key` (`{ holder, until }`), for `ms`; null while
 * another run holds it. A long run renews it as it works, each renewal written only at the version
 * of its own last write: a run whose lease ran out and was taken over learns it at its next
 * renewal.
 */
export async function takeLeaseDocument(
  store: Store,
  key: string,
  ms: number,
): Promise<HeldLease | null> {
  const holder = randomUUID();
  const taken = await takeLease(
    store,
    key,
    leaseDocumentSchema,
    { until: (lease) => lease.until, hold: (_lease, until) => ({ holder, until }) },
    { ms, initial: () => ({ holder: '', until: 0 }) },
  );
  if (!taken) return null;
  let etag = taken.etag;
  let renewing: Promise<boolean> | null = null;
  return {
    renew() {
      // A run's workers renew through one write at a time: two writes at the same version would
      // refuse each other, and the run would think its lease taken.
      renewing ??= (async () => {
        try {
          const renewed = await landedEtag(`renew ${key}`, () =>
            store.setJSON(key, { holder, until: Date.now() + ms }, { onlyIfMatch: etag }),
          );
          if (renewed === null) return false;
          etag = renewed;
          return true;
        } finally {
          renewing = null;
        }
      })();
      return renewing;
    },
    async release() {
      const found = await readJSON(store, key, leaseDocumentSchema);
      if (found?.value.holder === holder) await deleteKey(store, key);
    },
  };
}

/** Whether some run holds the lease kept as a document at `key` now. */
export async function leaseDocumentHeld(store: Store, key: string): Promise<boolean> {
  const found = await readJSON(store, key, leaseDocumentSchema);
  return !!found && found.value.until > Date.now();
}
