// Cross-origin calls to public plugin paths (a portal's pages embedding the widgets): a plugin
// declares the path prefixes and where their allowed origins come from (`crossOrigin` in the
// plugin contract); this module decides each request the same way for the API front
// (api-router.server.ts) and Express (crossOriginGuard). An allowed Origin gets
// Access-Control-Allow-Origin with Vary: Origin, its preflight 204 with the methods and headers
// it may use, and its POSTs pass the CSRF check; any other origin gets no CORS headers and a
// 403 preflight. The origins are cached per process and dropped on every process at once by
// crossOriginChanged() (core/cache), so an administrator's change holds within a second.
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import type { CrossOriginDef } from '../plugin';
import { createCache } from '../cache/cache.server';
import type { Knex } from 'knex';
import { afterCommit } from '../db/afterCommit.server';
import { getKnex } from '../db/knex.server';
import { getRegistry, hasRegistry, type Registry } from '../registry.server';
import { getT } from '../i18n/i18n.server';
import { CODE } from './codes';
import { i18nRequest } from '../auth/http-security.server';

export const CORS_METHODS = 'GET, HEAD, POST, OPTIONS';
/** What a widget sends: the embed token (Authorization), JSON or a form (Content-Type), its language. */
export const CORS_HEADERS = 'Authorization, Content-Type, Accept, Accept-Language';
const MAX_AGE_S = '600';

interface Policy {
  def: CrossOriginDef;
  key: string;
}

const byRegistry = new WeakMap<Registry, Policy[]>();

function policies(): Policy[] {
  if (!hasRegistry()) return [];
  const registry = getRegistry();
  let list = byRegistry.get(registry);
  if (!list) {
    list = registry.plugins.flatMap((p) => (p.crossOrigin ?? []).map((def, i) => ({ def, key: `${p.id}#${i}` })));
    byRegistry.set(registry, list);
  }
  return list;
}

/** The policy covering a path (no query string), if a plugin declared one. */
export function crossOriginPolicyOf(path: string): Policy | null {
  const list = policies();
  if (!list.length) return null;
  const lower = path.toLowerCase();
  return list.find((p) => p.def.paths.some((prefix) => lower.startsWith(prefix.toLowerCase()))) ?? null;
}

const origins = createCache<string[]>({ topic: 'core.crossOrigin', max: 32, ttlMs: 60_000 });

async function allowedOrigins(policy: Policy): Promise<string[]> {
  return origins.get(policy.key, () => policy.def.origins(getRegistry().context(getKnex())));
}

/** Tells every process that the allowed origins changed; given the write's transaction, once it commits. */
export async function crossOriginChanged(trx?: Knex): Promise<void> {
  if (trx) await afterCommit(trx, () => origins.invalidate());
  else await origins.invalidate();
}

export interface CrossOriginVerdict {
  /** Headers the answer carries. */
  headers: Array<[string, string]>;
  /** A preflight is answered here, with this status (204 allowed, 403 refused). */
  preflight: 204 | 403 | null;
  /** The request's origin when it is allowed (the CSRF check then trusts it). */
  allowedOrigin: string | null;
  /** The path takes a multipart body. */
  multipart: boolean;
}

/** The decision for a request to a declared path; null for every other path (nothing changes there). */
export async function crossOriginVerdict(method: string, path: string, header: (name: string) => string | undefined): Promise<CrossOriginVerdict | null> {
  const policy = crossOriginPolicyOf(path);
  if (!policy) return null;
  const multipart = (policy.def.multipart ?? []).some((p) => p.toLowerCase() === path.toLowerCase().replace(/\/+$/, ''));
  const origin = header('origin');
  const preflight = method.toUpperCase() === 'OPTIONS' && !!header('access-control-request-method');
  // On every answer of these paths: caches keep one copy per Origin, and the portal's pages may
  // embed what they load without CORS (a cover image) despite helmet's same-origin default.
  const always: Array<[string, string]> = [
    ['vary', 'Origin'],
    ['cross-origin-resource-policy', 'cross-origin'],
  ];
  if (!origin) return { headers: always, preflight: preflight ? 403 : null, allowedOrigin: null, multipart };
  const allowed = (await allowedOrigins(policy)).includes(origin);
  if (!allowed) return { headers: always, preflight: preflight ? 403 : null, allowedOrigin: null, multipart };
  const headers: Array<[string, string]> = [['access-control-allow-origin', origin], ...always];
  if (preflight) headers.push(['access-control-allow-methods', CORS_METHODS], ['access-control-allow-headers', CORS_HEADERS], ['access-control-max-age', MAX_AGE_S]);
  else headers.push(['access-control-expose-headers', 'ETag, Retry-After']);
  return { headers, preflight: preflight ? 204 : null, allowedOrigin: origin, multipart };
}

/** The refused preflight's body (the envelope, translated). */
export async function preflightRefusal(request: Request): Promise<{ code: number; msg: string }> {
  return { code: CODE.FORBIDDEN, msg: (await getT(request))('core:http.crossOriginRefused') };
}


declare module 'express-serve-static-core' {
  interface Locals {
    /** The cross-origin decision of a declared public path (csrfGuard reads it). */
    crossOrigin?: CrossOriginVerdict;
  }
}

/** Express: the same decision for requests the API front leaves to it (and under `--dev`). Before csrfGuard. */
export function crossOriginGuard(): RequestHandler {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!crossOriginPolicyOf(req.path)) return next();
    crossOriginVerdict(req.method, req.path, (name) => req.get(name))
      .then(async (verdict) => {
        if (!verdict) return next();
        for (const [k, v] of verdict.headers) res.setHeader(k, v);
        res.locals.crossOrigin = verdict;
        if (verdict.preflight === 204) return void res.status(204).setHeader('Cache-Control', 'no-store').end();
        if (verdict.preflight === 403) return void res.status(403).setHeader('Cache-Control', 'no-store').json(await preflightRefusal(i18nRequest(req)));
        next();
      })
      .catch(next);
  };
}
