import { HttpError, StorageError } from '../../http/errors';

/** Runs a Blobs call, turning any failure into a StorageError (answered as 503). */
export async function blobCall<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof HttpError || error instanceof StorageError) throw error;
    throw new StorageError(`The content store is unavailable (${what})`, { cause: error });
  }
}

/** What a Blobs write answers: `modified: false` only when its condition refused it. */
type WriteResult = { modified: boolean; etag?: string };

/**
 * Runs a Blobs write and checks that it landed. @netlify/blobs (up to at least 11.1.1) answers a
 * conditional write that the store refused with 401, 403 or 500 as `{ modified: true, etag: '' }`
 * (upstream #741), so "modified" alone proves nothing: a landed write always carries its new etag.
 * Returns false when the write's own condition (onlyIfNew / onlyIfMatch) was not met.
 */
export async function landedWrite(what: string, fn: () => Promise<WriteResult>): Promise<boolean> {
  return (await landedEtag(what, fn)) !== null;
}

/** landedWrite, answering the new version's etag (null when the write's own condition was not met). */
export async function landedEtag(
  what: string,
  fn: () => Promise<WriteResult>,
): Promise<string | null> {
  const result = await blobCall(what, fn);
  if (!result.modified) return null;
  if (!result.etag)
    throw new StorageError(
      `The content store did not confirm the write (${what}); nothing was saved`,
    );
  return result.etag;
}
