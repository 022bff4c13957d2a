/**
 * The one byte range a GET asks for (`Range: bytes=…`), as Netlify's CDN answers it for a file of
 * the deploy: 206 with that part, or 416 when no byte of it is in the file.
 *
 * One range only. A request for several (`bytes=0-9,20-29`) is answered with the whole file (200),
 * as RFC 9110 allows and as many CDNs do: Netlify's documentation promises no multipart answer, and
 * the clients this site serves (PDF viewers, download managers, feed readers) ask for one range at a
 * time, so a multipart answer here would only let something pass locally that may fail there.
 * A header this cannot read (another unit, an end before its start) is ignored the same way.
 */

/** The bytes to send, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Answer 416: the range starts past the end of the file (or the file is empty). */
export const UNSATISFIABLE = 'unsatisfiable';

/** What `header` asks of a file of `size` bytes: a range, UNSATISFIABLE, or null for the whole file. */
export function requestedRange(
  header: string | undefined,
  size: number,
): ByteRange | typeof UNSATISFIABLE | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // A suffix: the last n bytes (the whole file when it is shorter).
    const n = Number(m[2]);
    return n === 0 || size === 0 ? UNSATISFIABLE : { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? Infinity : Number(m[2]);
  if (last < start) return null;
  if (start >= size) return UNSATISFIABLE;
  return { start, end: Math.min(last, size - 1) };
}
