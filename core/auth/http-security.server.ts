// Express middleware that server.ts puts in front of the Remix app:
//   - clientAddress: the client's address for loaders/actions (x-port-client-ip), always
//     overwritten from Express' req.ip, so a client cannot choose it; req.ip follows
//     X-Forwarded-For only as far as TRUST_PROXY says.
//   - securityHeaders: helmet on every answer (nosniff, frame and referrer policy, …); on pages a
//     Content-Security-Policy whose scripts and <style> elements need this request's nonce
//     (res.locals.cspNonce, handed to Remix through the load context); on /api answers
//     Cache-Control: no-store unless the route says otherwise.
//   - csrfGuard: a state-changing request (POST/PUT/PATCH/DELETE: Remix actions, `.data`
//     and `?_data` requests, /api calls) must come from the app's own origin (or one listed in
//     ALLOWED_ORIGINS), seen in Origin or else Referer; /api takes JSON bodies only, except the
//     multipart upload and import endpoints. Partner calls with `Authorization: Bearer` are
//     exempt: a browser cannot send that header cross-site, and /api then ignores cookies.
import crypto from 'node:crypto';
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import helmet from 'helmet';
import { CODE } from '../http/envelope.server';
import type { TFunction } from 'i18next';
import { getT } from '../i18n/i18n.server';
import { ownOriginOf } from '../http/node-request.server';
import { isDeclaredMultipart } from '../http/multipart';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The /api endpoints documented as multipart: file upload, resource import, and the routes plugins declare so. */
export function isMultipartEndpoint(path: string): boolean {
  return path === '/api/core/files' || /^\/api\/[^/]+\/[^/]+\/import$/.test(path) || isDeclaredMultipart(path);
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** ALLOWED_ORIGINS: comma-separated origins (scheme://host[:port]) trusted besides the app's own. */
let parsed: { value: string | undefined; origins: string[] } | undefined;

export function allowedOrigins(value = process.env.ALLOWED_ORIGINS): string[] {
  if (parsed && parsed.value === value) return parsed.origins;
  const out: string[] = [];
  for (const item of (value ?? '').split(',')) {
    const s = item.trim();
    if (!s) continue;
    try {
      out.push(new URL(s).origin);
    } catch {
      console.warn(`ALLOWED_ORIGINS: ignoring "${s}" (not an origin)`);
    }
  }
  parsed = { value, origins: out };
  return out;
}

export interface RequestFacts {
  method: string;
  /** Path without the query string. */
  path: string;
  /**
   * The origin the app is reached at, scheme included (`http://host:port`): Host and the
   * connection's scheme, or X-Forwarded-Host/-Proto behind a trusted proxy (ownOriginOf).
   */
  ownOrigin: string | null;
  origin?: string | null;
  referer?: string | null;
  contentType?: string | null;
  /** True when the request carries a body (Content-Length > 0 or chunked). */
  hasBody: boolean;
  hasCookie: boolean;
  hasBearer: boolean;
  /**
   * A public path a plugin opened to other sites (core/http/cors.server.ts): its origin when
   * the allow-list holds it (trusted like ALLOWED_ORIGINS, for that path only), and whether
   * the path takes a multipart body.
   */
  crossOrigin?: { allowedOrigin: string | null; multipart: boolean } | null;
}

export type Verdict = 'ok' | 'origin' | 'contentType';

function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

const isJson = (type: string | null | undefined) => /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type?.trim() ?? '');

/** The CSRF decision for one request. */
export function checkRequest(r: RequestFacts, allowed: string[] = allowedOrigins()): Verdict {
  if (!UNSAFE.has(r.method.toUpperCase())) return 'ok';
  const api = isApiPath(r.path);
  if (api && r.hasBearer) return 'ok';
  // Origin first; a browser that leaves it out still sends Referer (our policy is same-origin).
  const source = r.origin ? (r.origin === 'null' ? null : originOf(r.origin)) : r.referer ? originOf(r.referer) : undefined;
  if (source === undefined) {
    // Neither header: not a browser (curl, a script). Without a cookie there is nothing to forge.
    if (r.hasCookie) return 'origin';
  } else if (source === null || (source !== r.ownOrigin && !allowed.includes(source) && source !== r.crossOrigin?.allowedOrigin)) {
    // Scheme, host and port all count: `https://app` is another origin than `http://app`.
    return 'origin';
  }
  if (api && !isMultipartEndpoint(r.path) && !r.crossOrigin?.multipart && r.hasBody && !isJson(r.contentType)) return 'contentType';
  return 'ok';
}

/** What the check reads of a request (Express' or the API front's): method, path, host and its headers by lower-case name. */
export function requestFacts(method: string, path: string, ownOrigin: string | null, header: (name: string) => string | undefined): RequestFacts {
  const length = Number(header('content-length') ?? 0);
  return {
    method,
    path,
    ownOrigin,
    origin: header('origin') ?? null,
    referer: header('referer') ?? null,
    contentType: header('content-type') ?? null,
    hasBody: length > 0 || !!header('transfer-encoding'),
    hasCookie: !!header('cookie'),
    hasBearer: /^Bearer\s+\S/i.test(header('authorization') ?? ''),
  };
}

/** A Fetch Request carrying what i18n reads (cookie, ?lng, Accept-Language). */
export function i18nRequest(req: ExpressRequest): Request {
  const headers = new Headers();
  for (const name of ['cookie', 'accept-language']) {
    const v = req.get(name);
    if (v) headers.set(name, v);
  }
  return new Request(`http://localhost${req.originalUrl}`, { headers });
}

/** The answer to a refused request (its body is never read: nothing of it reaches the app). */
export function refusal(verdict: Exclude<Verdict, 'ok'>, t: TFunction): { status: number; body: { code: number; msg: string } } {
  if (verdict === 'origin') return { status: 403, body: { code: CODE.FORBIDDEN, msg: t('core:http.crossSite') } };
  return { status: 415, body: { code: CODE.ERROR, msg: t('core:http.jsonOnly') } };
}

export function csrfGuard(): RequestHandler {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const facts = requestFacts(req.method, req.path, ownOriginOf(req, req.app.get('trust proxy fn')), (name) => req.get(name));
    const verdict = checkRequest({ ...facts, crossOrigin: res.locals.crossOrigin });
    if (verdict === 'ok') return next();
    getT(i18nRequest(req))
      .then((t) => {
        const { status, body } = refusal(verdict, t);
        res.setHeader('Cache-Control', 'no-store');
        res.status(status).json(body);
      })
      .catch(next);
  };
}

export const clientAddress: RequestHandler = (req, _res, next) => {
  req.headers['x-port-client-ip'] = req.ip ?? '';
  next();
};

declare module 'express-serve-static-core' {
  interface Locals {
    /** This request's Content-Security-Policy nonce (pages' scripts and emotion's <style>s). */
    cspNonce?: string;
  }
}

const nonceSource = (_req: unknown, res: unknown) => `'nonce-${(res as ExpressResponse).locals.cspNonce}'`;

const common = {
  // same-origin (helmet's default is no-referrer): with no-referrer a browser sends
  // `Origin: null` on the app's own form POSTs, which the CSRF check would refuse.
  referrerPolicy: { policy: 'same-origin' as const },
  strictTransportSecurity: { maxAge: 180 * 24 * 3600, includeSubDomains: false },
  xFrameOptions: { action: 'sameorigin' as const },
};
const apiHelmet = () => helmet({ ...common, contentSecurityPolicy: false });

/** The headers helmet gives an /api answer. They depend on no request: the API front computes them once. */
export function apiSecurityHeaders(): Array<[string, string]> {
  const set = new Map<string, string>();
  const res = {
    setHeader: (k: string, v: unknown) => set.set(k.toLowerCase(), String(v)),
    removeHeader: (k: string) => set.delete(k.toLowerCase()),
    getHeader: (k: string) => set.get(k.toLowerCase()),
  };
  apiHelmet()({} as ExpressRequest, res as unknown as ExpressResponse, () => undefined);
  return [...set];
}

/** helmet for every answer; CSP on pages unless `csp: false` (the Vite dev server injects its own code). */
export function securityHeaders(opts: { csp?: boolean } = {}): RequestHandler[] {
  const api = apiHelmet();
  const pages = helmet({
    ...common,
    contentSecurityPolicy:
      opts.csp === false
        ? false
        : {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              // Remix's own inline scripts (context, module start, streamed data, scroll
              // restoration) carry the nonce; nothing else inline runs.
              scriptSrc: ["'self'", nonceSource],
              scriptSrcAttr: ["'none'"],
              // emotion's <style> elements carry the nonce (entry.server / entry.client); style
              // attributes (MUI and the data grid position things with them) stay allowed.
              styleSrc: ["'self'", nonceSource],
              styleSrcAttr: ["'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:'],
              fontSrc: ["'self'", 'data:'],
              connectSrc: ["'self'"],
              workerSrc: ["'self'", 'blob:'],
              frameSrc: ["'self'", 'blob:'],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'self'"],
            },
          },
  });
  return [
    (_req, res, next) => {
      res.locals.cspNonce = crypto.randomBytes(16).toString('base64');
      next();
    },
    (req, res, next) => {
      // Remix appends its answer's headers to these: at the last moment, collapse the ones a
      // route set again to one value, and give /api answers no-store unless they chose a policy.
      const writeHead = res.writeHead;
      res.writeHead = function (this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
        for (const name of ['x-content-type-options', 'x-frame-options', 'referrer-policy']) {
          const v = res.getHeader(name);
          if (Array.isArray(v)) res.setHeader(name, v[0]);
        }
        if (isApiPath(req.path) && !res.getHeader('cache-control')) res.setHeader('Cache-Control', 'no-store');
        return writeHead.apply(this, args);
      } as typeof writeHead;
      return isApiPath(req.path) ? api(req, res, next) : pages(req, res, next);
    },
  ];
}
