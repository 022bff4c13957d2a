import type { Store } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  leaseDocumentHeld,
  takeLease,
  takeLeaseDocument,
  type LeaseField,
} from '../../src/server/storage/store';
import { startLocalStore } from '../helpers/local-store';

// The lease every overlapping run takes before its work (storage/store/lease.ts), on the local
// Blobs server's etag-guarded writes: of two runs at once only one holds it, a lease left to run
// out is taken over, and the run it was taken from learns so at its next renewal.
let store: Store;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ store, close } = await startLocalStore('leases'));
});
afterAll(() => close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a lease kept as a document of its own', () => {
  it('two runs at once: one holds it, the other is told it is held', async () => {
    const taken = await Promise.all([1, 2].map(() => takeLeaseDocument(store, 'at-once', 60_000)));
    expect(taken.filter((lease) => lease !== null)).toHaveLength(1);
    expect(await takeLeaseDocument(store, 'at-once', 60_000)).toBeNull();
    expect(await leaseDocumentHeld(store, 'at-once')).toBe(true);
  });

  it('run out, it is taken over; the run it was taken from cannot renew it nor give it back', async () => {
    const first = await takeLeaseDocument(store, 'run-out', 100);
    expect(first).not.toBeNull();
    expect(await first!.renew()).toBe(true);
    await sleep(150);
    expect(await leaseDocumentHeld(store, 'run-out')).toBe(false);
    const second = await takeLeaseDocument(store, 'run-out', 60_000);
    expect(second).not.toBeNull();
    expect(await first!.renew()).toBe(false);
    await first!.release();
    expect(await leaseDocumentHeld(store, 'run-out')).toBe(true);
    expect(await second!.renew()).toBe(true);
    await second!.release();
    expect(await leaseDocumentHeld(store, 'run-out')).toBe(false);
  });

  it('renewals by one run’s workers at once all answer that it still holds the lease', async () => {
    const lease = await takeLeaseDocument(store, 'renewals', 60_000);
    expect(await Promise.all([1, 2, 3].map(() => lease!.renew()))).toEqual([true, true, true]);
    expect(await lease!.renew()).toBe(true);
  });
});

describe('a lease kept as a field of the record it guards', () => {
  const taskSchema = z.object({ name: z.string(), leaseUntil: z.string().optional() });
  type Task = z.infer<typeof taskSchema>;
  const field: LeaseField<Task> = {
    until: (t) => (t.leaseUntil ? Date.parse(t.leaseUntil) : 0),
    hold: (t, until) => ({ ...t, leaseUntil: new Date(until).toISOString() }),
  };

  it('is taken by one of two runs at once, in the field as stored, and only on a record that exists', async () => {
    await store.setJSON('tasks/a', { name: 'a' });
    const taken = await Promise.all(
      [1, 2].map(() => takeLease(store, 'tasks/a', taskSchema, field, { ms: 60_000 })),
    );
    const won = taken.filter((t) => t !== null);
    expect(won).toHaveLength(1);
    expect(await store.get('tasks/a', { type: 'json' })).toEqual(won[0]!.value);
    expect(Date.parse(won[0]!.value.leaseUntil!)).toBeGreaterThan(Date.now());
    expect(await takeLease(store, 'tasks/gone', taskSchema, field, { ms: 60_000 })).toBeNull();
    expect(await store.get('tasks/gone')).toBeNull();
  });

  it('is left alone while the record is not ready, and taken over once it ran out', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    await store.setJSON('tasks/b', { name: 'b', leaseUntil: past });
    const notReady = { ms: 60_000, free: () => false };
    expect(await takeLease(store, 'tasks/b', taskSchema, field, notReady)).toBeNull();
    expect(await store.get('tasks/b', { type: 'json' })).toEqual({ name: 'b', leaseUntil: past });
    expect(await takeLease(store, 'tasks/b', taskSchema, field, { ms: 60_000 })).not.toBeNull();
    expect(await takeLease(store, 'tasks/b', taskSchema, field, { ms: 60_000 })).toBeNull();
  });
});
