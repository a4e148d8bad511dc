// Browser-side HTTP helper: every call goes under /api, answers are the { code, msg, data } envelope
// (see envelope.server.ts). Failures are shown to the user here (toast / alert / session redirect),
// so callers only need to catch when they want to do something more than the message.
// Browser-safe: no Node imports, no React. Everything the UI needs comes in through `notifier` and `t`.

export interface ApiNotifier {
  toast(message: string, opts: { severity: 'error' | 'warning' | 'success' | 'info'; durationMs: number }): void;
  alert(message: string): void;
  clearSession(): void;
  reload(): void;
  pending?(delta: 1 | -1): void;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

export interface ApiClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  variant?: 'main' | 'declaration';
  notifier: ApiNotifier;
  t: (key: string, vars?: Record<string, unknown>) => string;
  /** Defaults to globalThis.fetch, looked up at call time. */
  fetch?: typeof fetch;
  /** For tests; defaults to globalThis.setTimeout, looked up at call time. */
  setTimeout?: typeof setTimeout;
  /** Pairs with `setTimeout`; defaults to globalThis.clearTimeout. */
  clearTimeout?: typeof clearTimeout;
}

export interface CallOptions {
  /** No loading overlay and no toast/alert; the call still rejects with ApiError (handled: false). */
  silent?: boolean;
  /** No loading overlay (a poll, a dialog with its own loading state); failures are still shown. */
  background?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export class ApiError extends Error {
  /** Envelope code, HTTP status, or 'NETWORK' / 'TIMEOUT'. */
  code: number | 'NETWORK' | 'TIMEOUT';
  /** True when the user has already been told (or, for a caller's own abort, there is nothing to tell). */
  handled: boolean;
  /** HTTP status when a response arrived. */
  status?: number;
  /** The parsed envelope when the server sent one. */
  envelope?: Envelope;
  /** True when the caller's own AbortSignal cancelled the request. */
  aborted: boolean;

  constructor(
    message: string,
    code: number | 'NETWORK' | 'TIMEOUT',
    init: { handled?: boolean; status?: number; envelope?: Envelope; aborted?: boolean } = {}
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.handled = init.handled ?? true;
    this.status = init.status;
    this.envelope = init.envelope;
    this.aborted = init.aborted ?? false;
  }
}

export const MESSAGE_DURATION = { error: 5000, declarationError: 3000, notLoggedIn: 500 } as const;

const DEFAULT_TIMEOUT = { main: 15_000, declaration: 3_600_000 } as const;

const CODE = { OK: 200, ERROR: 500, ALERT: 505, NOT_LOGGED_IN: 20011 } as const;
const DECL = { OK: 1000, DATA: 100 } as const;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Query = Record<string, unknown>;

/** '/api' + 'login/auth' or '/login/auth' -> '/api/login/auth'. */
export function joinUrl(baseUrl: string, url: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  const path = url.replace(/^\/+/, '');
  return `${base}/${path}`;
}

function queryValue(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Skips undefined/null; arrays repeat the key (ids=1&ids=2). */
export function buildQuery(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) params.append(key, queryValue(item));
    } else {
      params.append(key, queryValue(value));
    }
  }
  return params.toString();
}

function withQuery(url: string, query?: Query): string {
  const qs = buildQuery(query);
  if (!qs) return url;
  return url + (url.includes('?') ? '&' : '?') + qs;
}

/** Filename from Content-Disposition; RFC 5987 filename*=UTF-8''… wins over filename=. */
export function parseContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star) {
    let value = star[1].trim().replace(/^"(.*)"$/, '$1');
    const m = /^([\w!#$%&+^`{}~-]*)'[^']*'(.*)$/.exec(value);
    const charset = m ? m[1].toLowerCase() : 'utf-8';
    if (m) value = m[2];
    try {
      if (charset === 'utf-8' || charset === '') return decodeURIComponent(value);
      // ISO-8859-1 and friends: each %XX is one byte = one code point.
      return value.replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    } catch {
      return value;
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]*)/i.exec(header);
  if (plain) {
    const quoted = plain[2];
    const value = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : plain[1].trim();
    if (!value) return null;
    // Some servers percent-encode the plain filename too.
    if (/%[0-9a-f]{2}/i.test(value)) {
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
    return value;
  }
  return null;
}

function tryParseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function numericCode(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v);
  return undefined;
}

/** { code: number, msg: string } — what an error response must look like to be read as an envelope. */
function isEnvelope(v: unknown): v is Envelope {
  return isObject(v) && typeof v.code === 'number' && typeof v.msg === 'string';
}

/** Per-request state seen by the response handlers; `silent` is read when a message would be shown. */
interface Ctx {
  readonly silent: boolean;
}

const INTERRUPT = Symbol('interrupt');
type Interrupt = { [INTERRUPT]: 'TIMEOUT' | 'ABORT' };
const isInterrupt = (e: unknown): e is Interrupt => typeof e === 'object' && e !== null && INTERRUPT in e;

export function createApiClient(opts: ApiClientOptions) {
  const variant = opts.variant ?? 'main';
  const baseUrl = opts.baseUrl ?? '/api';
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT[variant];
  const { notifier, t } = opts;
  /** One session-expired message and one reload, however many requests come back 20011. */
  let sessionExpiring = false;

  function statusText(status: number): string {
    return t('core:http.statusError', { status });
  }

  /** Shows an error toast unless silent, and builds the rejection. */
  function fail(
    message: string,
    code: ApiError['code'],
    silent: boolean,
    durationMs: number,
    extra: { status?: number; envelope?: Envelope } = {}
  ): ApiError {
    if (!silent) notifier.toast(message, { severity: 'error', durationMs });
    return new ApiError(message, code, { ...extra, handled: !silent });
  }

  function msgOf(body: Record<string, unknown>, fallbackStatus: number): string {
    return typeof body.msg === 'string' && body.msg.trim() ? body.msg : statusText(fallbackStatus);
  }

  /** Applies the envelope rules of the client's variant. Returns what the call resolves with, or throws. */
  function handleEnvelope(raw: unknown, status: number, ctx: Ctx): unknown {
    const body: Record<string, unknown> = isObject(raw) ? raw : {};
    const code = numericCode(body.code);
    const envelope = raw as Envelope;

    if (variant === 'declaration') {
      if (code === DECL.OK) return raw;
      if (code === DECL.DATA) return body.data;
      throw fail(msgOf(body, code ?? status), code ?? status, ctx.silent, MESSAGE_DURATION.declarationError, {
        status,
        envelope,
      });
    }

    if (code === undefined || code === CODE.OK) return raw;

    // 505: an alert box; 20011: one warning, then the session is cleared and the page reloaded.
    if (code === CODE.ALERT || code === CODE.NOT_LOGGED_IN) {
      const message = msgOf(body, code);
      if (code === CODE.ALERT) {
        if (!ctx.silent) notifier.alert(message);
      } else if (!sessionExpiring) {
        sessionExpiring = true;
        if (!ctx.silent) notifier.toast(message, { severity: 'warning', durationMs: MESSAGE_DURATION.notLoggedIn });
        const st = opts.setTimeout ?? globalThis.setTimeout;
        st(() => {
          notifier.clearSession();
          notifier.reload();
        }, MESSAGE_DURATION.notLoggedIn);
      }
      throw new ApiError(message, code, { status, envelope, handled: !ctx.silent });
    }

    // 500 and any other code.
    throw fail(msgOf(body, code), code, ctx.silent, MESSAGE_DURATION.error, { status, envelope });
  }

  /** A non-2xx response: its envelope if it sent one, otherwise "interface {status} abnormal". */
  function handleHttpError(res: Response, parsed: ReturnType<typeof tryParseJson>, ctx: Ctx): never {
    // Error codes throw from here; a "success" envelope on an error status falls through: a broken server.
    if (parsed.ok && isEnvelope(parsed.value)) handleEnvelope(parsed.value, res.status, ctx);
    throw fail(statusText(res.status), res.status, ctx.silent, MESSAGE_DURATION.error, { status: res.status });
  }

  async function readJsonBody(res: Response, ctx: Ctx): Promise<unknown> {
    const text = await res.text();
    const parsed = text.trim() === '' ? { ok: true as const, value: {} } : tryParseJson(text);
    if (!res.ok) handleHttpError(res, parsed, ctx);
    if (!parsed.ok) {
      // 2xx but not JSON (a proxy page, a login page…): the interface is not answering properly.
      throw fail(statusText(res.status), res.status, ctx.silent, MESSAGE_DURATION.error, { status: res.status });
    }
    return handleEnvelope(parsed.value, res.status, ctx);
  }

  async function readDownload(res: Response, ctx: Ctx): Promise<{ blob: Blob; filename: string | null }> {
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok) handleHttpError(res, tryParseJson(await res.text()), ctx);
    const filename = parseContentDisposition(res.headers.get('content-disposition'));
    if (/[/+]json\b/i.test(type) && !filename) {
      // The server answered with an envelope instead of a file: an error (or an odd success).
      const text = await res.text();
      const parsed = tryParseJson(text);
      if (parsed.ok && isObject(parsed.value) && 'code' in parsed.value) {
        handleEnvelope(parsed.value, res.status, ctx);
      }
      return { blob: new Blob([text], { type }), filename };
    }
    return { blob: await res.blob(), filename };
  }

  async function request<R>(
    method: Method,
    url: string,
    init: { body?: unknown; query?: Query },
    o: CallOptions | undefined,
    read: (res: Response, ctx: Ctx) => Promise<R>
  ): Promise<R> {
    const silent = o?.silent === true;
    const overlay = !silent && o?.background !== true;
    const doFetch = opts.fetch ?? globalThis.fetch;
    const st = opts.setTimeout ?? globalThis.setTimeout;
    const ct = opts.clearTimeout ?? globalThis.clearTimeout;

    const fullUrl = withQuery(joinUrl(baseUrl, url), init.query);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
    };
    let body: BodyInit | undefined;
    if (init.body !== undefined) {
      const b = init.body;
      if (
        (typeof FormData !== 'undefined' && b instanceof FormData) ||
        (typeof Blob !== 'undefined' && b instanceof Blob) ||
        (typeof URLSearchParams !== 'undefined' && b instanceof URLSearchParams)
      ) {
        body = b; // the browser sets the right Content-Type (multipart boundary etc.)
      } else {
        body = JSON.stringify(b);
        headers['Content-Type'] = 'application/json';
      }
    }
    Object.assign(headers, o?.headers);

    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let finished = false;
    let removeAbortListener = () => {};

    // Settles (rejects) only on time-out or the caller's abort, even if fetch ignores the signal.
    const interrupted = new Promise<never>((_, reject) => {
      const interrupt = (kind: 'TIMEOUT' | 'ABORT') => {
        if (finished) return;
        controller.abort();
        reject({ [INTERRUPT]: kind } satisfies Interrupt);
      };
      if (timeoutMs > 0 && Number.isFinite(timeoutMs)) {
        timer = st(() => interrupt('TIMEOUT'), timeoutMs);
      }
      const signal = o?.signal;
      if (signal) {
        if (signal.aborted) interrupt('ABORT');
        else {
          const onAbort = () => interrupt('ABORT');
          signal.addEventListener('abort', onAbort, { once: true });
          removeAbortListener = () => signal.removeEventListener('abort', onAbort);
        }
      }
    });

    if (overlay) notifier.pending?.(1);
    try {
      const run = async () => {
        const res = await doFetch(fullUrl, {
          method,
          headers,
          body,
          credentials: 'same-origin',
          signal: controller.signal,
        });
        // Anything other than ApiError thrown while reading means the connection broke mid-body.
        // Once the race is over (timed out / aborted) a late answer must not toast any more.
        return read(res, {
          get silent() {
            return silent || finished;
          },
        });
      };
      return await Promise.race([run(), interrupted]);
    } catch (e) {
      if (e instanceof ApiError) throw e;
      // Time-out and the caller's abort always win the race (they reject before fetch reacts to the abort).
      const kind = isInterrupt(e) ? e[INTERRUPT] : o?.signal?.aborted ? 'ABORT' : undefined;
      if (kind === 'ABORT') {
        throw new ApiError('Request aborted', 'NETWORK', { aborted: true, handled: true });
      }
      if (kind === 'TIMEOUT') {
        throw fail(t('core:http.timeout'), 'TIMEOUT', silent, MESSAGE_DURATION.error);
      }
      throw fail(t('core:http.networkError'), 'NETWORK', silent, MESSAGE_DURATION.error);
    } finally {
      finished = true;
      if (timer !== undefined) ct(timer);
      removeAbortListener();
      if (overlay) notifier.pending?.(-1);
    }
  }

  const json =
    (method: Method) =>
    <T = unknown>(url: string, body?: unknown, o?: CallOptions): Promise<Envelope<T>> =>
      request(method, url, { body }, o, readJsonBody) as Promise<Envelope<T>>;

  return {
    /**
     * A request the client did not make got no answer from the app (a page's data or form post
     * through Remix: no network, the server stopped, a proxy's own error page): shown as the
     * client shows its own (SPEC §8, 后端接口连接异常).
     */
    networkFailure(): ApiError {
      return fail(t('core:http.networkError'), 'NETWORK', false, MESSAGE_DURATION.error);
    },
    post: json('POST'),
    get<T = unknown>(url: string, query?: Query, o?: CallOptions): Promise<Envelope<T>> {
      return request('GET', url, { query }, o, readJsonBody) as Promise<Envelope<T>>;
    },
    del: json('DELETE'),
    put: json('PUT'),
    patch: json('PATCH'),
    download(url: string, query?: Query, o?: CallOptions): Promise<{ blob: Blob; filename: string | null }> {
      return request('GET', url, { query }, o, readDownload);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
