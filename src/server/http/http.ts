import { z } from 'zod';
import { HttpError, StorageError } from './errors';
import { withInvocation } from './invocation';
import { readAtMost } from './read-stream';

/** The parts of Netlify's function context the handlers use (the local server provides the same). */
export interface FnContext {
  params: Record<string, string>;
  ip: string;
  /** Keeps the invocation alive for work after the response (mail delivery). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** Headers on every API answer: Netlify's header rules do not reach function responses. */
export const API_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** A JSON answer with the API's security headers; not cached unless `cache` says otherwise. */
export function json(
  body: unknown,
  init: { status?: number; headers?: Record<string, string>; cache?: string } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: {
      ...API_SECURITY_HEADERS,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': init.cache ?? 'no-store',
      ...init.headers,
    },
  });
}

/** The one error body: `{ message, fields? }`. */
export function errorResponse(
  status: number,
  message: string,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
): Response {
  return json(fields ? { message, fields } : { message }, { status, headers });
}

/** Turns zod issues into `{ field: message }` and the first message. */
export function fromZodError(error: z.core.$ZodError): HttpError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in fields))
      fields[key] =
        issue.code === 'unrecognized_keys'
          ? `Unknown field: ${issue.keys.join(', ')}`
          : issue.message;
  }
  const first = error.issues[0];
  const message =
    first?.code === 'unrecognized_keys'
      ? `Unknown field: ${first.keys.join(', ')}`
      : (first?.message ?? 'Invalid request');
  return new HttpError(400, message, fields);
}

/** Validates a value against a schema, throwing a 400 with field messages. */
export function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  // The function form takes full-zod and zod/mini schemas alike.
  const result = z.safeParse(schema, value);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** Default cap on JSON bodies. */
export const MAX_JSON_BYTES = 64 * 1024;

/** Reads a request body up to `max` bytes; a larger body is a 413. */
export async function readBody(req: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length') ?? '0');
  if (declared > max)
    throw new HttpError(413, `The request is too large (limit ${formatBytes(max)})`);
  if (!req.body) return new Uint8Array();
  const { bytes, more } = await readAtMost(req.body, max);
  if (more) throw new HttpError(413, `The request is too large (limit ${formatBytes(max)})`);
  return bytes;
}

const formatBytes = (n: number) =>
  n >= 1024 * 1024 ? `${Math.round(n / 1024 / 1024)} MB` : `${Math.round(n / 1024)} KB`;

/** Parses a JSON request body and validates it; 415 for another type, 400 for bad JSON or fields, 413 when too large. */
export async function readJson<S extends z.core.$ZodType>(
  req: Request,
  schema: S,
  max = MAX_JSON_BYTES,
): Promise<z.output<S>> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json)');
  }
  const bytes = await readBody(req, max);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
  return parseWith(schema, value);
}

/** Content types of an HTML form post (and of mail apps' one-click unsubscribe, RFC 8058). */
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/**
 * Parses a form-encoded request body (urlencoded or multipart); 415 for another type, 400 when it
 * cannot be read, 413 when too large. Only for the routes that must take a form: the API speaks JSON.
 */
export async function readForm(req: Request, max = MAX_JSON_BYTES): Promise<FormData> {
  const type = req.headers.get('content-type') ?? '';
  if (!FORM_TYPE.test(type))
    throw new HttpError(
      415,
      'Send the request body as a form (Content-Type: application/x-www-form-urlencoded)',
    );
  const bytes = await readBody(req, max);
  try {
    return await new Response(bytes, { headers: { 'Content-Type': type } }).formData();
  } catch {
    throw new HttpError(400, 'The request body is not a valid form');
  }
}

/** True when the request body is declared as a form. */
export const isFormBody = (req: Request) => FORM_TYPE.test(req.headers.get('content-type') ?? '');

type Handler = (req: Request, ctx: FnContext) => Promise<Response> | Response;

/**
 * Wraps a function's method handlers: dispatches by method (405 with Allow otherwise) and turns
 * every thrown error into the one error body, with 503 for storage faults. Never a 500 for bad input.
 */
export function route(
  handlers: Partial<Record<'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', Handler>>,
) {
  const allow = Object.keys(handlers).join(', ');
  return async (req: Request, context: Partial<FnContext> = {}): Promise<Response> => {
    const ctx: FnContext = {
      params: context.params ?? {},
      ip: context.ip ?? '0.0.0.0',
      waitUntil: context.waitUntil,
    };
    const handler = handlers[req.method as keyof typeof handlers];
    if (!handler)
      return errorResponse(405, `Method ${req.method} is not allowed here`, undefined, {
        Allow: allow,
      });
    try {
      return await withInvocation(
        { waitUntil: ctx.waitUntil, origin: new URL(req.url).origin },
        () => handler(req, ctx),
      );
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

/** Maps an error to its answer; unknown errors are logged and answered 500 without detail. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof HttpError)
    return errorResponse(error.status, error.message, error.fields, error.headers);
  if (error instanceof z.ZodError) {
    const e = fromZodError(error);
    return errorResponse(e.status, e.message, e.fields);
  }
  if (error instanceof StorageError) {
    console.error(error.message, error.cause ?? '');
    return errorResponse(
      503,
      'The service is temporarily unavailable. Please try again in a moment.',
      undefined,
      {
        'Retry-After': '5',
      },
    );
  }
  console.error('Unexpected error', error);
  return errorResponse(500, 'Something went wrong on our side. Please try again.');
}

/** A function handler as `route()` builds it. */
export type RouteHandler = ReturnType<typeof route>;

const isParam = (segment: string) => segment.startsWith(':');

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * One function file may declare several `config.path` patterns; Netlify calls the same handler
 * for all of them. This picks the `route()` for the pattern the request matched (literal
 * segments before :params, as Netlify does) and fills `ctx.params` from it.
 */
export function byPath(table: Record<string, RouteHandler>): RouteHandler {
  const patterns = Object.entries(table)
    .map(([pattern, handler]) => ({ segments: pattern.split('/').filter(Boolean), handler }))
    .sort((a, b) => a.segments.filter(isParam).length - b.segments.filter(isParam).length);
  return async (req, context = {}) => {
    const got = new URL(req.url).pathname.split('/').filter(Boolean);
    for (const { segments, handler } of patterns) {
      if (segments.length !== got.length) continue;
      if (!segments.every((s, i) => isParam(s) || s === got[i])) continue;
      const params = Object.fromEntries(
        segments.flatMap((s, i) => (isParam(s) ? [[s.slice(1), decode(got[i]!)]] : [])),
      );
      // Only what handlers use is passed on: Netlify's context may keep fields behind getters.
      return handler(req, {
        ip: context.ip,
        waitUntil: context.waitUntil,
        params: { ...params, ...context.params },
      });
    }
    return errorResponse(404, 'No such API endpoint');
  };
}

// Lists (authors, speakers, topics) are compared whole, as the editor loaded them.
const expectedSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown()).max(1000)]),
  {
    error: '_expected must map field names to the values you started from',
  },
);
const patchEnvelopeSchema = z.looseObject({ _expected: expectedSchema.optional() });

/**
 * Reads a PATCH body: the fields to change plus an optional `_expected` map of the values the
 * editor started from. `_expected` is split off before the (strict) update schema sees the body.
 */
export async function readPatch<S extends z.ZodType>(
  req: Request,
  schema: S,
  fieldNames: readonly string[],
  maxBytes = MAX_JSON_BYTES,
): Promise<{ patch: z.infer<S>; expected?: Record<string, unknown> }> {
  const { _expected: expected, ...fields } = await readJson(req, patchEnvelopeSchema, maxBytes);
  const unknown = Object.keys(expected ?? {}).filter((k) => !fieldNames.includes(k));
  if (unknown.length > 0) {
    const message = `Unknown field in _expected: ${unknown.join(', ')}`;
    throw new HttpError(400, message, { _expected: message });
  }
  if (Object.keys(fields).length === 0)
    throw new HttpError(400, 'Send at least one field to change');
  return { patch: parseWith(schema, fields), expected };
}

/**
 * Mutations without a body (restore, publish) still refuse form and text bodies: those are what a
 * cross-site form can send without a preflight.
 */
export function assertNoFormBody(req: Request): void {
  const type = req.headers.get('content-type');
  if (type && !/^application\/json\b/i.test(type)) {
    throw new HttpError(
      415,
      'Send the request without a body or as JSON (Content-Type: application/json)',
    );
  }
}
