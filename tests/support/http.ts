// Calling Remix loaders/actions directly with real Requests: building requests, catching
// thrown Responses (redirects, 401/403 envelopes) and carrying cookies between calls.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { expect } from 'vitest';

export const BASE = 'http://localhost';

// Sessions need a signing secret; tests never touch data/session.secret.
process.env.SESSION_SECRET ??= 'test-session-secret-0123456789abcdef';
// Failed sign-ins wait a growing delay (LOGIN_DELAY_MS, 250 ms doubling); tests that do not
// measure it keep it short.
process.env.LOGIN_DELAY_MS ??= '5';

export interface RequestOpts {
  method?: string;
  /** A Cookie header value (`a=1; b=2`). */
  cookie?: string;
  /** Client address as server.ts passes it on. */
  ip?: string;
  /** JSON body (sets content-type). */
  json?: unknown;
  /** Form body. */
  form?: Record<string, string>;
  headers?: Record<string, string>;
}

export function req(path: string, opts: RequestOpts = {}): Request {
  const headers = new Headers(opts.headers);
  headers.set('x-port-client-ip', opts.ip ?? '10.0.0.1');
  headers.set('user-agent', 'vitest');
  if (opts.cookie) headers.set('Cookie', opts.cookie);
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(opts.form).toString();
  }
  const method = opts.method ?? (body !== undefined ? 'POST' : 'GET');
  return new Request(BASE + path, { method, headers, body });
}

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

/** Runs a loader or action; a thrown Response is returned like a returned one. Plain data
 *  (a loader returning an object) comes back as `{ data }`. */
export async function run(fn: Handler, request: Request, params: Record<string, string> = {}): Promise<{ res: Response | null; data: unknown }> {
  try {
    const out = await fn({ request, params, context: {} });
    if (out instanceof Response) return { res: out, data: null };
    return { res: null, data: out };
  } catch (e) {
    if (e instanceof Response) return { res: e, data: null };
    throw e;
  }
}

/** Runs a handler that must answer with a Response (returned or thrown). */
export async function respond(fn: Handler, request: Request, params: Record<string, string> = {}): Promise<Response> {
  const { res, data } = await run(fn, request, params);
  if (!res) throw new Error(`expected a Response, got data ${JSON.stringify(data)}`);
  return res;
}

/** Runs a handler that answers in the envelope: its HTTP status and body. */
export async function answerOf<T = Envelope>(fn: Handler, request: Request, params: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await respond(fn, request, params);
  return { status: res.status, body: (await envelope(res)) as T };
}

/** The error a call rejects with, checked to be of this kind (a call that succeeds fails the test). */
export async function refusalOf<E extends Error>(p: Promise<unknown>, kind: abstract new (...args: never[]) => E): Promise<E> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(kind);
  return e as E;
}

export interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
}

export async function envelope(res: Response): Promise<Envelope> {
  return (await res.clone().json()) as Envelope;
}

export function setCookies(res: Response): string[] {
  return res.headers.getSetCookie();
}

/** The Set-Cookie header for one cookie name, or undefined. */
export function setCookie(res: Response, name: string): string | undefined {
  return setCookies(res).find((c) => c.startsWith(`${name}=`));
}

/** The Cookie header a browser would send back: name=value of every cookie still set. */
export function cookieHeader(res: Response): string {
  return setCookies(res)
    .filter((c) => !/;\s*Max-Age=0/i.test(c) && !/;\s*Expires=Thu, 01 Jan 1970/i.test(c))
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Redirect target of a response (null when it is not a redirect). */
export function location(res: Response): string | null {
  return res.status >= 300 && res.status < 400 ? res.headers.get('Location') : null;
}
