// Dispatching a Request in-process through the app's real route table (app/routes by Remix's
// flat-routes convention plus every enabled plugin's routes, as remix.config.js mounts them),
// so a route shadowed by another is seen exactly as the server would see it. Runs the loaders
// (GET) of every matched route below root for a page; a resource route (no component) answers
// alone with its loader or action, and 405 without one, like Remix.
import path from 'node:path';
import { matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js';
import { pluginRouteManifest, type PortPlugin } from '../../core/plugin';
import configured from '../../plugins.config';

interface Entry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  file: string;
}

type Module = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };

const APP_DIR = path.resolve(__dirname, '../../app');

export function routeManifest(plugins: PortPlugin[] = configured): Record<string, Entry> {
  const files = flatRoutes(APP_DIR, ['**/*.test.*', '**/.*']) as Record<string, Entry>;
  return { root: { id: 'root', path: '', file: 'root.tsx' }, ...files, ...pluginRouteManifest(plugins, { screenFile: 'screen.tsx' }) };
}

function tree(manifest: Record<string, Entry>): AgnosticRouteObject[] {
  const build = (parentId: string | undefined): AgnosticRouteObject[] =>
    Object.values(manifest)
      .filter((e) => (e.parentId ?? undefined) === parentId && !(parentId === undefined && e.id !== 'root'))
      .map((e) => (e.index ? { id: e.id, path: e.path, index: true as const } : { id: e.id, path: e.path, children: build(e.id) }));
  return build(undefined);
}

export interface Router {
  manifest: Record<string, Entry>;
  /** The route table as a Remix build has it, API modules loaded (what core/http/api-router compiles). */
  apiBuild(): Promise<{ routes: Record<string, Entry & { module: unknown }> }>;
  /** The ids of the routes a path matches, root first. */
  match(pathname: string): string[];
  /** Answers a request as the server would: a Response (returned or thrown), or JSON of the leaf's data. */
  handle(request: Request): Promise<Response>;
}

export function createRouter(plugins: PortPlugin[] = configured): Router {
  const manifest = routeManifest(plugins);
  const routes = tree(manifest);
  const modules = new Map<string, Promise<Module>>();
  const load = (id: string) => {
    if (!modules.has(id)) modules.set(id, import(path.resolve(APP_DIR, manifest[id].file)) as Promise<Module>);
    return modules.get(id)!;
  };
  const match = (pathname: string) => (matchRoutes(routes, pathname) ?? []).map((m) => m.route.id!);
  // Resource routes are .ts files; a page (.tsx) stands in with a component, so the API router leaves it.
  const apiBuild = async () => ({
    routes: Object.fromEntries(
      await Promise.all(Object.values(manifest).map(async (e) => [e.id, { ...e, module: e.file.endsWith('.ts') ? await load(e.id) : { default: () => null } }])),
    ),
  });

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const matches = matchRoutes(routes, url.pathname) ?? [];
    if (!matches.length) return new Response('Not Found', { status: 404 });
    const leaf = matches[matches.length - 1];
    const params = leaf.params as Record<string, string>;
    const call = async (fn: (args: unknown) => unknown): Promise<Response | { data: unknown }> => {
      try {
        const out = await fn({ request, params, context: {} });
        return out instanceof Response ? out : { data: out };
      } catch (e) {
        if (e instanceof Response) return e;
        throw e;
      }
    };
    const method = request.method.toUpperCase();
    const leafMod = await load(leaf.route.id!);
    const read = method === 'GET' || method === 'HEAD';
    // A resource route (no component): only its own loader or action answers, else 405.
    if (!('default' in leafMod) || !read) {
      const fn = read ? leafMod.loader : leafMod.action;
      if (!fn) return new Response('Method Not Allowed', { status: 405 });
      const out = await call(fn);
      return out instanceof Response ? out : Response.json(out.data);
    }
    // A page: every loader below root runs; a redirect or error of any of them wins.
    let leafOut: Response | { data: unknown } = { data: null };
    for (const m of matches.slice(1)) {
      const mod = await load(m.route.id!);
      if (!mod.loader) continue;
      const out = await call(mod.loader);
      if (out instanceof Response && (out.status >= 300 || m === leaf)) return out;
      if (m === leaf) leafOut = out;
    }
    return leafOut instanceof Response ? leafOut : Response.json(leafOut.data);
  }

  return { manifest, match, handle, apiBuild };
}
