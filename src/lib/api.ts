/**
 * The browser's API client: JSON content type only when there is a body, any
 * non-success status is an error whose message is "status: body" (or the status text).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed JSON error body when there was one: { message, fields? }. */
    readonly body: { message?: string; fields?: Record<string, string> } | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Sends a request with the session cookie; resolves to parsed JSON (or null for empty answers).
 * `idempotencyKey` names a mutation, the same on its retry, so the server answers a retry of one
 * that landed with the first answer instead of doing it again.
 */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined && !(body instanceof FormData))
    headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!res.ok)
    throw new ApiError(
      res.status,
      `${res.status}: ${text || res.statusText}`,
      parsed as ApiError['body'],
    );
  return parsed as T;
}

/** The server's human message from an error, or a fallback. */
export const errorMessage = (error: unknown, fallback: string): string =>
  (error instanceof ApiError && error.body?.message) || fallback;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Retry delay: doubles from 1 s up to 30 s. */
const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** A GET with the spec's query retry rule: never retried when the message contains '4', else up to 2 retries. */
export async function fetchQuery<T>(url: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiRequest<T>('GET', url);
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (message.includes('4') || attempt >= 2) throw error;
      await sleep(retryDelay(attempt));
    }
  }
}

/** 128 random bits as hex (getRandomValues: randomUUID needs a secure context, a site on a LAN address is not). */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

/**
 * A mutation with the spec's rule: never retried when the message contains '4' or '5', else 1
 * retry. That retry follows a failure with no status (the connection broke, perhaps after the
 * server had done the work), so both attempts carry one Idempotency-Key: the server's creating
 * routes answer the retry of a request that landed as they answered it (answer-once.ts).
 */
export async function mutate<T>(method: string, url: string, body?: unknown): Promise<T> {
  const key = newKey();
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiRequest<T>(method, url, body, key);
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (/[45]/.test(message) || attempt >= 1) throw error;
      await sleep(retryDelay(attempt));
    }
  }
}
