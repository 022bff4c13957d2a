export { openStore, STORES, type StoreName } from './stores';
export { blobCall, landedWrite } from './calls';
export { forgetParsedCopies, forgetWithParsedCopies } from './parsed-copies';
export {
  createJSON,
  deleteKey,
  listJSON,
  readJSON,
  readJSONShared,
  readMetadata,
  writeJSON,
} from './documents';
export { singleDocument, updateJSON } from './update';
export { assertExpected, sameField } from './expected';
export {
  leaseDocumentHeld,
  takeLease,
  takeLeaseDocument,
  type HeldLease,
  type LeaseField,
} from './lease';

/*
 * Blobs access for the whole server: every store is opened, every JSON document read, written and
 * changed through here, so a failure is always a StorageError (503) and a write always proves it
 * landed.
 *
 * This file is the store's public face: stores.ts (the store names, opened with strong
 * consistency), calls.ts (a Blobs call's failure as a StorageError; a write checked to have
 * landed), parsed-copies.ts (the documents a warm instance keeps parsed, read again only when
 * their etag changed), documents.ts (JSON records read, created, written, listed and deleted),
 * update.ts (updateJSON's etag-guarded read-modify-write, and the one-of-a-kind documents changed
 * through it), expected.ts (the 409 of a field changed since the editor loaded it) and lease.ts
 * (the short lease a run takes on a piece of work with an etag-guarded write, so overlapping runs
 * never both do it and a run cut off half-way leaves it to run out).
 */
