// React Router's matchRoutes flattens and ranks the whole route table (a route per screen, over a
// hundred) on every call and tries the branches in turn: a path no route has (Remix's partial
// manifest asks for every parent of the URL, /customsBase for /customsBase/hsCode) goes through
// all of them, compiling a pattern for each. A page request made five such calls, about a
// quarter of what a page costs besides rendering. The answer depends only on the table's shape
// and the path, so it is kept by both: which routes matched (by id) with their params, rebuilt
// on the caller's own route objects (Remix builds a new table for each render, with the same
// routes).
//
// Remix, its manifest code and React Router call matchRoutes through @remix-run/router's CommonJS
// exports, so this replaces it there; the router's own static handler calls it through them too
// since patches/@remix-run+router+*.patch (applied by `npm ci`: patch-package, postinstall).
//
// The same goes for the route table itself: RemixServer builds React Router's routes from the
// whole manifest (createServerRoutes) and its static router converts them to data routes, both
// on every page, from a manifest and route modules that are the build's own. Both are kept per
// build (cacheRouteTables).
import { createRequire } from 'node:module';
import { Lru } from '../lru';

interface RouteLike {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteLike[];
}
interface Match {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: RouteLike;
}
type Location = string | { pathname?: string };
type MatchRoutes = ((routes: RouteLike[], location: Location, basename?: string) => Match[] | null) & { cached?: true };
type Shape = { id: string; params: Match['params']; pathname: string; pathnameBase: string }[] | null;

/** A table's shape (what matching reads of it) and its routes by id; null when a route has no id. */
function describe(routes: RouteLike[]): { shape: string; byId: Map<string, RouteLike> } | null {
  const byId = new Map<string, RouteLike>();
  const parts: string[] = [];
  const walk = (rs: RouteLike[]): boolean =>
    rs.every((r) => {
      if (!r.id || byId.has(r.id)) return false;
      byId.set(r.id, r);
      parts.push(`${r.id}\t${r.path ?? ''}\t${r.index ? 1 : 0}${r.caseSensitive ? 1 : 0}\t${r.children?.length ?? 0}`);
      return walk(r.children ?? []);
    });
  return walk(routes) ? { shape: parts.join('\n'), byId } : null;
}

/** matchRoutes answering repeated questions from memory (at most `perTable` paths per table shape). */
export function cachedMatchRoutes(original: MatchRoutes, perTable = 1000): MatchRoutes {
  const tables = new WeakMap<RouteLike[], ReturnType<typeof describe>>();
  const answers = new Map<string, Lru<string, Shape>>();
  return (routes, location, basename = '/') => {
    const path = typeof location === 'string' ? location : location.pathname;
    // Only plain paths are kept (a search or hash part matches as its path does, but is rare here).
    if (typeof path !== 'string' || /[?#]/.test(path)) return original(routes, location, basename);
    if (!tables.has(routes)) tables.set(routes, describe(routes));
    const table = tables.get(routes);
    if (!table) return original(routes, location, basename);
    let byPath = answers.get(table.shape);
    if (!byPath) answers.set(table.shape, (byPath = new Lru(perTable)));
    const key = `${basename}\n${path}`;
    let shape = byPath.get(key);
    if (shape === undefined) {
      const matches = original(routes, path, basename);
      shape = matches && matches.map((m) => ({ id: m.route.id!, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase }));
      byPath.set(key, shape);
    }
    return shape && shape.map((s) => ({ params: { ...s.params }, pathname: s.pathname, pathnameBase: s.pathnameBase, route: table.byId.get(s.id)! }));
  };
}

/** Installs the cache in this process's @remix-run/router (once). */
export function cacheRouteMatching(): void {
  const router = createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: MatchRoutes };
  if (router.matchRoutes.cached) return;
  const cached = cachedMatchRoutes(router.matchRoutes);
  cached.cached = true;
  router.matchRoutes = cached;
}

type AnyFn = (...args: unknown[]) => unknown;

/**
 * createServerRoutes kept per manifest and SPA mode while the route modules are the same ones:
 * Remix hands it the build's manifest and a new object of the build's route modules on every
 * page (compared entry by entry), and nothing downstream changes the table it answers (the
 * static router copies each route into a data route).
 */
export function cachedServerRoutes(original: AnyFn): AnyFn {
  const tables = new WeakMap<object, Map<string, { modules: Record<string, unknown>; routes: unknown }>>();
  const sameModules = (a: Record<string, unknown>, b: Record<string, unknown>) => {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (const k of keys) if (a[k] !== b[k]) return false;
    return true;
  };
  return (...args) => {
    const [manifest, modules, , isSpaMode] = args;
    if (args.length > 4 || !manifest || !modules || typeof manifest !== 'object' || typeof modules !== 'object') return original(...args);
    let bySpa = tables.get(manifest);
    if (!bySpa) tables.set(manifest, (bySpa = new Map()));
    const key = String(!!isSpaMode);
    const kept = bySpa.get(key);
    if (kept && sameModules(kept.modules, modules as Record<string, unknown>)) return kept.routes;
    const routes = original(...args);
    bySpa.set(key, { modules: { ...(modules as Record<string, unknown>) }, routes });
    return routes;
  };
}

/**
 * convertRoutesToDataRoutes kept per route table (and mapRouteProperties), for a caller that
 * starts from an empty manifest, as the static router does: it gets the data routes made the
 * first time, and its manifest is filled with them.
 */
export function cachedDataRoutes(original: AnyFn): AnyFn {
  const tables = new WeakMap<object, WeakMap<object, { routes: unknown; manifest: Record<string, unknown> }>>();
  return (...args) => {
    const [routes, mapProps, parentPath, manifest] = args;
    if (args.length !== 4 || parentPath !== undefined || !Array.isArray(routes) || typeof mapProps !== 'function' || !manifest || typeof manifest !== 'object' || Object.keys(manifest).length) {
      return original(...args);
    }
    let byMap = tables.get(routes);
    if (!byMap) tables.set(routes, (byMap = new WeakMap()));
    let kept = byMap.get(mapProps);
    if (!kept) {
      const own: Record<string, unknown> = {};
      kept = { routes: original(routes, mapProps, undefined, own), manifest: own };
      byMap.set(mapProps, kept);
    }
    Object.assign(manifest, kept.manifest);
    return kept.routes;
  };
}

/** Installs both in this process's @remix-run/react and @remix-run/router (once). */
export function cacheRouteTables(): void {
  const require = createRequire(import.meta.url);
  const remixRoutes = require('@remix-run/react/dist/routes.js') as { createServerRoutes: AnyFn & { cached?: true } };
  if (!remixRoutes.createServerRoutes.cached) remixRoutes.createServerRoutes = Object.assign(cachedServerRoutes(remixRoutes.createServerRoutes), { cached: true as const });
  const router = require('@remix-run/router') as { UNSAFE_convertRoutesToDataRoutes: AnyFn & { cached?: true } };
  if (!router.UNSAFE_convertRoutesToDataRoutes.cached) router.UNSAFE_convertRoutesToDataRoutes = Object.assign(cachedDataRoutes(router.UNSAFE_convertRoutesToDataRoutes), { cached: true as const });
}
