import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { requireUser } from '../auth/guard';
import { HttpError, StorageError } from '../http/errors';
import type { FnContext } from '../http/http';
import { ANSWER_KEYS } from '../storage/keys';
import {
  blobCall,
  createJSON,
  deleteKey,
  landedWrite,
  openStore,
  readJSON,
  STORES,
} from '../storage/store';

/*
 * Exactly once for a POST the browser may send twice. The spec's rule for mutations retries one
 * once when it failed without a status (lib/api.ts `mutate`): the connection broke, perhaps after
 * the request had done its work, so a contact message, a new record or a preview link would be
 * made twice. The browser names each mutation with an `Idempotency-Key` header, the same on its
 * retry; a route wrapped in `answerOnce` answers a repeat of a key with the answer the first
 * request got, without running it again, and a repeat that comes while the first still runs waits
 * for its answer.
 *
 * The answer is kept encrypted with a key made from the Idempotency-Key, which only the browser
 * that sent it holds, and under a hash of it: the store never holds what an answer said (a preview
 * link's address, a message's sender) in a form it can read. Answers are kept for an hour
 * (`sweepAnswers`, hourly); a retry comes within seconds.
 *
 * What is not covered, said: a first request cut off by its function's end after its change
 * landed and before its answer was kept (a timeout, a crash) leaves a claim that a repeat waits
 * for and then, once it is older than any run can be, runs again.
 */

/** The Idempotency-Key a browser sends: a random UUID; anything this shape is taken. */
const GIVEN_KEY = /^[A-Za-z0-9_-]{16,128}$/;
/** Longer than a synchronous function may run (10 s on Netlify): a claim older than this has no run behind it. */
const RUN_MS = 30_000;
/** How long a repeat waits for the first run's answer, within its own function's time. */
const WAIT_MS = 8_000;
const POLL_MS = 200;
/** How long an answer is kept for a repeat. */
export const ANSWER_KEPT_MS = 60 * 60_000;
/** The response headers an answer is repeated with. */
const KEPT_HEADERS = ['content-type', 'location', 'cache-control'];

const answerSchema = z.union([
  z.object({ state: z.literal('running'), at: z.number() }),
  z.object({
    state: z.literal('done'),
    at: z.number(),
    status: z.number().int(),
    /** The kept headers, the body and its GCM tag, encrypted with the key's own secret. */
    iv: z.string(),
    tag: z.string(),
    data: z.string(),
  }),
]);
type Answer = z.infer<typeof answerSchema>;
type Handler = (req: Request, ctx: FnContext) => Promise<Response> | Response;

const store = () => openStore(STORES.answers);
const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wraps a POST handler so that a repeat of its Idempotency-Key gets the first answer (see above).
 * `signedIn`: the route is for signed-in users, who are checked before the key is claimed, so a
 * request from nobody writes nothing (the handler checks what the user may do, as before).
 */
export function answerOnce(handler: Handler, { signedIn = false } = {}): Handler {
  return async (req, ctx) => {
    const given = req.headers.get('idempotency-key');
    if (given === null) return handler(req, ctx);
    if (!GIVEN_KEY.test(given))
      throw new HttpError(400, 'Idempotency-Key must be 16 to 128 letters, digits, - or _');
    if (signedIn) await requireUser(req);
    const key = ANSWER_KEYS.answer(
      hash('answer', req.method, new URL(req.url).pathname, given).toString('hex'),
    );
    const secret = hash('secret', given);
    const kept = await claim(key);
    if (kept) return repeat(kept, secret);
    let res: Response;
    try {
      res = await handler(req, ctx);
    } catch (error) {
      // Refused or failed before it answered: a repeat runs it again.
      await deleteKey(store(), key);
      throw error;
    }
    // A server fault is not an answer to keep either: the retry may go through.
    if (res.status >= 500) {
      await deleteKey(store(), key);
      return res;
    }
    const body = Buffer.from(await res.arrayBuffer());
    const headers = Object.fromEntries(
      KEPT_HEADERS.flatMap((h) => (res.headers.has(h) ? [[h, res.headers.get(h)!]] : [])),
    );
    await keep(key, secret, res.status, headers, body).catch((error: unknown) => {
      // The work is done and its answer goes out; only a repeat of it would run it again.
      console.error('Could not keep the answer to a request for its repeat', error);
    });
    return new Response(body.length ? body : null, { status: res.status, headers: res.headers });
  };
}

/**
 * Takes the key for this run (null), or answers what a run before it answered: at once, or after
 * waiting for one still running. 409 when that run is still going after the wait.
 */
async function claim(key: string): Promise<Extract<Answer, { state: 'done' }> | null> {
  for (let waited = 0, lost = 0; ;) {
    const found = await readJSON(store(), key, answerSchema);
    if (found?.value.state === 'done') return found.value;
    const running = found && Date.now() - found.value.at < RUN_MS;
    if (!running) {
      const mine = { state: 'running' as const, at: Date.now() };
      const etag = found?.etag;
      const taken = !found
        ? await createJSON(store(), key, answerSchema, mine)
        : etag !== undefined &&
          (await landedWrite(`claim ${key}`, () =>
            store().setJSON(key, mine, { onlyIfMatch: etag }),
          ));
      if (taken) return null;
      // Another repeat took it first (its claim is read next), or the store gave no version.
      if (++lost > 5) throw new StorageError(`Could not claim ${key}`);
      continue;
    }
    if (waited >= WAIT_MS)
      throw new HttpError(
        409,
        'This request is still being handled. Reload in a moment to see whether it went through.',
        undefined,
        { 'Retry-After': '5' },
      );
    await sleep(POLL_MS);
    waited += POLL_MS;
  }
}

async function keep(
  key: string,
  secret: Buffer,
  status: number,
  headers: Record<string, string>,
  body: Buffer,
): Promise<void> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const plain = Buffer.from(JSON.stringify({ headers, body: body.toString('base64') }));
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  const answer: Answer = {
    state: 'done',
    at: Date.now(),
    status,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
  await landedWrite(`keep ${key}`, () => store().setJSON(key, answer));
}

function repeat(answer: Extract<Answer, { state: 'done' }>, secret: Buffer): Response {
  const decipher = createDecipheriv('aes-256-gcm', secret, Buffer.from(answer.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(answer.tag, 'base64'));
  const plain = Buffer.concat([
    decipher.update(Buffer.from(answer.data, 'base64')),
    decipher.final(),
  ]);
  const { headers, body } = JSON.parse(plain.toString('utf8')) as {
    headers: Record<string, string>;
    body: string;
  };
  const bytes = Buffer.from(body, 'base64');
  return new Response(bytes.length ? bytes : null, {
    status: answer.status,
    headers: { ...headers, 'Idempotent-Replayed': 'true' },
  });
}

/** Deletes the answers kept longer than ANSWER_KEPT_MS (hourly); answers how many. */
export async function sweepAnswers(now = Date.now()): Promise<number> {
  const s = store();
  const { blobs } = await blobCall('list answers', () => s.list({ prefix: ANSWER_KEYS.prefix }));
  let swept = 0;
  for (const { key } of blobs) {
    const found = await readJSON(s, key, answerSchema).catch(() => null);
    if (found && now - found.value.at < ANSWER_KEPT_MS) continue;
    await deleteKey(s, key);
    swept++;
  }
  return swept;
}
