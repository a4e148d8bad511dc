// The database being unreachable: recognising it, saying so (where, never with the password),
// waiting for it at start-up, and answering requests during an outage with a translated
// "service temporarily unavailable" (HTTP 503) instead of "Internal error". Nothing here keeps
// state about the outage: every request asks the pool, which reconnects by itself once the
// database is back.
import type { Knex } from 'knex';

/** Error codes meaning "cannot talk to the database server" (not "the query was wrong"). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'CR_CONNECTION_ERROR',
  'CR_CONN_HOST_ERROR',
  'CR_SERVER_GONE_ERROR',
  'CR_SERVER_LOST',
]);

/** True when the error (or what caused it) says the database server cannot be reached. */
export function isDbUnavailable(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== 'object' || depth > 5) return false;
  if (e instanceof DatabaseUnavailableError) return true;
  const x = e as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown; fatal?: unknown };
  if (typeof x.code === 'string' && UNREACHABLE_CODES.has(x.code)) return true;
  // The pool could not hand out a connection in time: the server does not answer.
  if (x.name === 'KnexTimeoutError') return true;
  if (typeof x.message === 'string' && /Connection lost: The server closed the connection|Can't add new command when connection is in closed state/.test(x.message)) return true;
  if (Array.isArray(x.errors) && x.errors.some((c) => isDbUnavailable(c, depth + 1))) return true;
  return isDbUnavailable(x.cause, depth + 1);
}

/** Where the database lives, for messages: `host:port` (MySQL) or the SQLite file. No credentials. */
export function dbTarget(knexOrConfig: Knex | Knex.Config): string {
  const config: Knex.Config = 'client' in knexOrConfig && typeof knexOrConfig === 'function' ? (knexOrConfig as Knex).client.config : (knexOrConfig as Knex.Config);
  const c = config.connection as { host?: string; port?: number; filename?: string } | undefined;
  if (c && typeof c === 'object' && c.filename) return c.filename;
  if (c && typeof c === 'object') return `${c.host ?? 'localhost'}:${c.port ?? 3306}`;
  return 'the configured database';
}

export class DatabaseUnavailableError extends Error {
  constructor(
    public target: string,
    cause?: unknown,
  ) {
    super(`database unreachable at ${target}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * Start-up: waits for the database, saying each time what is wrong, then gives up with a
 * DatabaseUnavailableError (`database unreachable at host:port`). Other errors (a wrong
 * password, a missing database) are thrown at once: waiting does not fix them.
 */
export async function waitForDatabase(
  knex: Knex,
  opts: { attempts?: number; delayMs?: number; log?: (line: string) => void } = {},
): Promise<void> {
  const attempts = Math.max(1, opts.attempts ?? Number(process.env.DB_CONNECT_ATTEMPTS || 5));
  const delayMs = opts.delayMs ?? Number(process.env.DB_CONNECT_DELAY_MS || 2000);
  const log = opts.log ?? ((line: string) => console.error(line));
  const target = dbTarget(knex);
  for (let i = 1; ; i++) {
    try {
      await knex.raw('select 1');
      if (i > 1) log(`database reachable at ${target}`);
      return;
    } catch (e) {
      if (!isDbUnavailable(e)) throw e;
      if (i >= attempts) throw new DatabaseUnavailableError(target, e);
      log(`database unreachable at ${target} (${reason(e)}); retrying in ${Math.round(delayMs / 1000)} s (attempt ${i} of ${attempts})`);
      await new Promise((r) => setTimeout(r, delayMs));
    }
  }
}

/** A short reason (the error code) without stack or connection details. */
function reason(e: unknown): string {
  const x = e as { code?: unknown; name?: unknown; errors?: { code?: unknown }[] };
  if (typeof x?.code === 'string') return x.code;
  const inner = Array.isArray(x?.errors) ? x.errors.find((c) => typeof c?.code === 'string') : undefined;
  if (inner) return String(inner.code);
  return typeof x?.name === 'string' ? x.name : 'error';
}

let lastLogged = 0;
/** One log line per outage burst instead of a stack per request. */
export function logUnavailable(where: string, e: unknown): void {
  const now = Date.now();
  if (now - lastLogged < 10_000) return;
  lastLogged = now;
  console.error(`[db] ${where}: database unreachable (${reason(e)}); answering 503 until it is back`);
}

const FALLBACK = '服务暂时不可用，请稍后重试';

/** "服务暂时不可用，请稍后重试" in the language of the request. */
async function unavailableMessage(request: Request): Promise<string> {
  try {
    const { getT } = await import('../i18n/i18n.server');
    return (await getT(request))('core:http.serviceUnavailable');
  } catch {
    return FALLBACK;
  }
}

const RETRY_AFTER_SECONDS = '5';

/** The answer during an outage: the envelope (code 500, HTTP 503) for /api/, plain text for
 *  pages (their error boundary shows status and text). */
export async function unavailableResponse(request: Request): Promise<Response> {
  const msg = await unavailableMessage(request);
  const headers = { 'Retry-After': RETRY_AFTER_SECONDS, 'Cache-Control': 'no-store' };
  if (new URL(request.url).pathname.startsWith('/api/')) return Response.json({ code: 500, msg }, { status: 503, headers });
  return new Response(msg, { status: 503, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
}

type Handler = (args: { request: Request }) => unknown;

/** A loader or action that answers 503 (translated) when the database cannot be reached. */
export function guardHandler<A extends { request: Request }, R>(fn: (args: A) => Promise<R> | R): (args: A) => Promise<R> {
  return async (args: A) => {
    try {
      return await fn(args);
    } catch (e) {
      if (e instanceof Response || !isDbUnavailable(e)) throw e;
      logUnavailable(new URL(args.request.url).pathname, e);
      throw await unavailableResponse(args.request);
    }
  };
}

interface RouteModuleLike {
  loader?: Handler;
  action?: Handler;
}

/**
 * Wraps every route's loader and action of a Remix server build with guardHandler: pages show
 * the translated 503 in their error boundary and APIs answer the 503 envelope, whatever the
 * route does with its database calls.
 */
export function guardBuild<B extends { routes: Record<string, { module: unknown }> }>(build: B): B {
  const routes: Record<string, { module: unknown }> = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const m = route.module as RouteModuleLike;
    routes[id] = {
      ...route,
      module: {
        ...(m as object),
        ...(m.loader ? { loader: guardHandler(m.loader) } : {}),
        ...(m.action ? { action: guardHandler(m.action) } : {}),
      },
    };
  }
  return { ...build, routes } as B;
}
