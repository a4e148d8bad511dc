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
// exports, so this replaces it there; the router's own static handler keeps its one call.
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
