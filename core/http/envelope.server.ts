// The JSON envelope every API answers with: { code, msg, data }.
// 200 success, 500 error, 505 alert, 20011 not logged in; the HTTP status says the same thing
// for clients that only look at it.
import { isDbUnavailable } from '../db/health.server';
import { CODE } from './codes';

export { CODE };

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

/** Where a JsonResponse keeps its text (a symbol from the registry: one brand for every copy of this module). */
export const JSON_TEXT = Symbol.for('port.jsonText');
const JSON_PLAIN = Symbol.for('port.jsonPlain');

/**
 * A JSON answer that keeps its text, so the API router writes it as it is: Response.json() costs
 * ~30 µs per call in body streams nobody reads. Anyone else reads it as any Response (body,
 * text(), json(), clone() …); the body stream is made only if asked for.
 */
export class JsonResponse extends Response {
  declare readonly [JSON_TEXT]: string;
  private used = false;

  constructor(text: string, init: ResponseInit = {}) {
    const headers = init.headers ? new Headers(init.headers) : undefined;
    if (headers && !headers.has('content-type')) headers.set('content-type', 'application/json');
    super(null, { status: init.status, statusText: init.statusText, headers: headers ?? JSON_HEADERS });
    Object.defineProperty(this, JSON_TEXT, { value: text });
    // Made without headers of its own: the API front writes its prepared head.
    if (!headers) Object.defineProperty(this, JSON_PLAIN, { value: true });
  }

  private stream?: ReadableStream<Uint8Array<ArrayBuffer>>;

  private take(): string {
    if (this.used) throw new TypeError('Body is unusable: Body has already been read');
    this.used = true;
    return this[JSON_TEXT];
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return (this.stream ??= new ReadableStream<Uint8Array<ArrayBuffer>>({
      start: (controller) => {
        controller.enqueue(new TextEncoder().encode(this.take()));
        controller.close();
      },
    }));
  }

  override get bodyUsed(): boolean {
    return this.used;
  }

  override async text(): Promise<string> {
    return this.take();
  }

  override async json(): Promise<unknown> {
    return JSON.parse(this.take());
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return new TextEncoder().encode(this.take()).buffer as ArrayBuffer;
  }

  override async blob(): Promise<Blob> {
    return new Blob([this.take()], { type: this.headers.get('content-type') ?? '' });
  }

  override clone(): JsonResponse {
    if (this.used) throw new TypeError('Response.clone: Body has already been consumed.');
    return new JsonResponse(this[JSON_TEXT], { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}
const JSON_HEADERS: HeadersInit = [['content-type', 'application/json']];

/** The JSON text of an answer made by this module, if it is one; `plain`: its only header is the JSON content type. */
export function jsonTextOf(response: Response): { text: string; plain: boolean } | undefined {
  const text = (response as Partial<JsonResponse>)[JSON_TEXT];
  return text === undefined ? undefined : { text, plain: (response as { [JSON_PLAIN]?: boolean })[JSON_PLAIN] === true };
}

export function ok<T>(data?: T, msg = 'ok', init?: ResponseInit): Response {
  return new JsonResponse(JSON.stringify({ code: CODE.OK, msg, data } satisfies Envelope<T>), init);
}

export function fail(msg: string, code: number = CODE.ERROR, status = 400, headers?: HeadersInit, data?: unknown): Response {
  return new JsonResponse(JSON.stringify({ code, msg, ...(data === undefined ? {} : { data }) } satisfies Envelope), { status, headers });
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
    // The database cannot be reached: the route's guard (guardHandler) answers a translated
    // "try again later" (503) in the request's language, not "Internal error".
    if (isDbUnavailable(e)) throw e;
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
