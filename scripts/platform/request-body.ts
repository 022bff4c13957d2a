import type { IncomingMessage } from 'node:http';
import { PLATFORM_BODY_LIMIT_BYTES } from '../../src/schemas/upload-limits';

export const TOO_LARGE = Symbol('too large');
export const PAYLOAD_TOO_LARGE =
  'The request is too large: functions accept at most 6 MB (binary bodies count base64-encoded, about 4.5 MB of file).';
// Past this much the sender is not a browser posting a form: stop reading and drop the connection.
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/** How big Netlify counts a body: binary bodies travel base64-encoded, text ones as they are. */
function platformSize(bytes: number, contentType: string | undefined): number {
  const text = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)\b)/i.test(
    contentType ?? '',
  );
  return text ? bytes : Math.ceil(bytes / 3) * 4;
}

/**
 * The request body, or TOO_LARGE past Netlify's 6 MB cap. An oversized body is still read to its
 * end (up to a bound) before the answer, so the client gets the 413 rather than a reset.
 */
export async function readCappedBody(req: IncomingMessage): Promise<Buffer | typeof TOO_LARGE> {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (!over && platformSize(size, req.headers['content-type']) > PLATFORM_BODY_LIMIT_BYTES)
      over = true;
    if (over) {
      chunks.length = 0;
      if (size > DRAIN_LIMIT_BYTES) {
        req.destroy();
        break;
      }
    } else chunks.push(chunk);
  }
  return over ? TOO_LARGE : Buffer.concat(chunks);
}
