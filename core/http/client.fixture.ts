// The API client's test bench: a zh `t`, a notifier and a fetch that record what they get.
import { afterEach, expect, vi } from 'vitest';
import { ApiError, createApiClient, type ApiClientOptions, type ApiNotifier } from './client';

// Tests that fake the timers (time-outs, the 20011 reload) leave the next test real ones.
afterEach(() => {
  vi.useRealTimers();
});

// A `t` that really interpolates the zh templates, like i18next does.
export const ZH: Record<string, string> = {
  'core:http.timeout': '系统接口请求超时',
  'core:http.networkError': '后端接口连接异常',
  'core:http.statusError': '系统接口{{status}}异常',
};
export const t = (key: string, vars?: Record<string, unknown>) =>
  (ZH[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars?.[name] ?? ''));

export function makeNotifier() {
  const pendingLog: number[] = [];
  let pending = 0;
  const notifier = {
    toast: vi.fn<ApiNotifier['toast']>(),
    alert: vi.fn<ApiNotifier['alert']>(),
    clearSession: vi.fn<ApiNotifier['clearSession']>(),
    reload: vi.fn<ApiNotifier['reload']>(),
    pending: vi.fn((delta: 1 | -1) => {
      pending += delta;
      pendingLog.push(delta);
    }),
  };
  return { notifier, pendingLog, pendingNow: () => pending };
}

export type FetchArgs = [input: string, init: RequestInit];
export type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

export function makeFetch(handler: Handler) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => handler(String(input), init ?? {}));
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** No network: fetch rejects as a browser's does. */
export const offline = (): never => {
  throw new TypeError('Failed to fetch');
};

/** One call of each way a request fails: an error envelope (500), a prompt envelope (505), an HTTP 5xx, no network. */
export function failingAnswers(msgs: [string, string] = ['x', 'x'], status = 502): Handler {
  const answers: Array<() => Response> = [() => json({ code: 500, msg: msgs[0] }), () => json({ code: 505, msg: msgs[1] }), () => new Response('x', { status }), offline];
  return () => answers.shift()!();
}

export function setup(handler: Handler, extra: Partial<ApiClientOptions> = {}) {
  const n = makeNotifier();
  const fetch = makeFetch(handler);
  const api = createApiClient({
    notifier: n.notifier,
    t,
    fetch: fetch as unknown as typeof globalThis.fetch,
    ...extra,
  });
  const call = (i = 0) => fetch.mock.calls[i] as unknown as FetchArgs;
  return { api, fetch, call, ...n };
}

/** The texts shown to the user as toasts, with severity and duration. */
export const toasts = (n: ReturnType<typeof makeNotifier>['notifier']) =>
  n.toast.mock.calls.map(([message, o]) => ({ message, severity: o.severity, durationMs: o.durationMs }));

export async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to reject');
}
