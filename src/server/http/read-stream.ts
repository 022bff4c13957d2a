/**
 * Reads a byte stream until it ends or a byte past `max` arrives, then stops it: what lies beyond
 * is never read. Request bodies (over the cap: 413) and fetched pages (cut at the cap) share it.
 * `wait` wraps each read, for a caller with a deadline.
 */
export async function readAtMost(
  body: ReadableStream<Uint8Array>,
  max: number,
  wait: <T>(read: Promise<T>) => Promise<T> = (read) => read,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; more: boolean }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let more = false;
  try {
    for (;;) {
      const { done, value } = await wait(reader.read());
      if (done) break;
      const room = max - size;
      if (value.byteLength > room) {
        chunks.push(value.subarray(0, room));
        size = max;
        more = true;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    bytes.set(c, offset);
    offset += c.byteLength;
  }
  return { bytes, more };
}
