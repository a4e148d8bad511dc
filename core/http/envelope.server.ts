// The JSON envelope every API answers with: { code, msg, data }.
// 200 success, 500 error, 505 alert, 20011 not logged in; the HTTP status says the same thing
// for clients that only look at it.
import { isDbUnavailable, logUnavailable, unavailableMessage } from '../db/health.server';
import { CODE } from './codes';

export { CODE };

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

export function ok<T>(data?: T, msg = 'ok', init?: ResponseInit): Response {
  return Response.json({ code: CODE.OK, msg, data } satisfies Envelope<T>, init);
}

export function fail(msg: string, code: number = CODE.ERROR, status = 400, headers?: HeadersInit, data?: unknown): Response {
  return Response.json({ code, msg, ...(data === undefined ? {} : { data }) } satisfies Envelope, { status, headers });
}

export const notLoggedIn = (msg: string) => fail(msg, CODE.NOT_LOGGED_IN, 401);
export const forbidden = (msg: string) => fail(msg, CODE.FORBIDDEN, 403);

/** Thrown from services; API routes turn it into the envelope with the same code. */
export class ApiError extends Error {
  constructor(
    message: string,
    public code: number = CODE.ERROR,
    public status = 400,
    /** Extra detail for the client, e.g. `{ fieldErrors: { name: '…' } }`. */
    public data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A validation failure tied to form fields: the first message is the envelope's msg. */
export class FieldError extends ApiError {
  constructor(public fieldErrors: Record<string, string>) {
    super(Object.values(fieldErrors)[0] ?? 'invalid', CODE.ERROR, 400, { fieldErrors });
  }
}

/**
 * An ApiError, also one thrown by a second copy of this module (the built app and server.ts
 * each load their own), so plugin hooks' messages are never turned into "Internal error".
 */
export function isApiError(e: unknown): e is ApiError {
  if (e instanceof ApiError) return true;
  const x = e as { name?: unknown; code?: unknown; status?: unknown; message?: unknown } | null;
  return !!x && e instanceof Error && x.name === 'ApiError' && typeof x.code === 'number' && typeof x.status === 'number';
}

/** Runs an API handler: ApiError becomes its envelope, anything unexpected a logged 500. */
export async function handleApi(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof Response) return e;
    if (isApiError(e)) return fail(e.message, e.code, e.status, undefined, e.data);
    // The database cannot be reached: a translated "try again later" (503), not "Internal error".
    if (isDbUnavailable(e)) {
      logUnavailable('api', e);
      return fail(await unavailableMessage(), CODE.ERROR, 503, { 'Retry-After': '5', 'Cache-Control': 'no-store' });
    }
    console.error(e);
    return fail('Internal error', CODE.ERROR, 500);
  }
}

export async function readJson(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      const body = await request.json();
      return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  if (type.includes('form')) return Object.fromEntries(await request.formData());
  return {};
}
