// Validates the enabled plugins (core's own contributions first) and exposes what the shell is
// generated from: menus, permissions, badges, jobs, stats, locales, services. Core never imports
// the plugin list: the app hands it over (app/registry.server.ts, from server.ts, the worker, the
// scripts and the Remix entry), and a test hands its own with setPlugins/setRegistry.
import type { Knex } from 'knex';
import type { BadgeDef, GrantDef, JobDef, MenuNode, PermissionDef, PluginContext, PortPlugin, ScreenDef, StatDef } from './plugin';
import { flattenPlugin } from './areas';
import { setMultipartRoutes } from './http/multipart';
import { getKnex } from './db/knex.server';
import { LANGS, type Lang } from './i18n/i18n';
import { resourceKey } from './resource/define';
import type { ServerResource } from './resource/define.server';
import { resolves, resourcePermissions, resourceTextKeys, screenLeaf, screenPermissions } from './screens';
import corePlugin from './core-plugin.server';
import { lookupOptions, registerLookups, type RegisteredLookup } from './resource/lookupAccess.server';

export interface Registry {
  /** The enabled plugins, core first, each with its areas flattened into it. */
  plugins: PortPlugin[];
  menus: MenuNode[];
  permissions: PermissionDef[];
  badges: BadgeDef[];
  jobs: JobDef[];
  stats: StatDef[];
  /** Every plugin's declared grants, in plugin and area order (`source`: area key or plugin id). */
  grants: { plugin: string; source: string; grant: GrantDef }[];
  /** Resources by `plugin.name` (the REST API path /api/<plugin>/<name>). */
  resources: Map<string, ServerResource>;
  /** Declared screens by URL path (`/customsBase/hsCode`), served by the app's generic screen route. */
  screens: Map<string, { plugin: string; screen: ScreenDef; resource: ServerResource; /** Its tabs' resources by tab key (none without tabs). */ tabs: Map<string, ServerResource> }>;
  /** The plugin each menu key and permission code comes from (declared or derived). */
  owners: { menus: Map<string, string>; permissions: Map<string, string> };
  /** Picker option sources by `plugin.name`, each with the resource it lists and the permissions it serves. */
  lookups: Map<string, RegisteredLookup>;
  /** i18n resources of one language: one namespace per plugin id (core's is `core`). */
  locales(lang: Lang): Record<string, Record<string, unknown>>;
  hasService(name: string): boolean;
  service<T = unknown>(name: string): T;
  context(knex?: Knex): PluginContext;
}

/** Another plugin's services, where one may be absent: ask `hasService` before `service`. */
export type Services = Pick<Registry, 'hasService' | 'service'>;

function walk(nodes: MenuNode[], fn: (n: MenuNode) => void): void {
  for (const n of nodes) {
    fn(n);
    if (n.children) walk(n.children, fn);
  }
}

/**
 * Merges menu trees: a group declared by two plugins (same key) gets both plugins' children;
 * then hangs each screen's derived leaf under its parent group.
 */
function mergeMenus(lists: { plugin: string; menus: MenuNode[] }[], leaves: { plugin: string; parent: string; node: MenuNode }[], owner: Map<string, string>): MenuNode[] {
  const top: MenuNode[] = [];
  const byKey = new Map<string, MenuNode>();
  const add = (plugin: string, target: MenuNode[], n: MenuNode) => {
    const existing = byKey.get(n.key);
    if (existing) {
      if (!n.children?.length) throw new Error(`duplicate menu key ${n.key} (${plugin})`);
      existing.children ??= [];
      for (const c of n.children) add(plugin, existing.children, c);
      return;
    }
    const copy: MenuNode = { ...n, children: n.children ? [] : undefined };
    byKey.set(n.key, copy);
    owner.set(n.key, plugin);
    target.push(copy);
    for (const c of n.children ?? []) add(plugin, copy.children!, c);
  };
  for (const { plugin, menus } of lists) for (const n of menus) add(plugin, top, n);
  for (const { plugin, parent, node } of leaves) {
    const group = byKey.get(parent);
    if (!group?.children) throw new Error(`plugin ${plugin}: the screen ${node.path} goes under ${parent}, which is no menu group`);
    add(plugin, group.children, node);
  }
  // A group no plugin hung a screen under (a plugin's group whose areas are all switched off)
  // would otherwise reach the menu as a leaf without a page.
  const prune = (nodes: MenuNode[]): MenuNode[] =>
    nodes.filter((n) => {
      if (!n.children) return true;
      n.children = prune(n.children);
      return n.children.length > 0;
    });
  const kept = prune(top);
  const sort = (nodes: MenuNode[]) => {
    nodes.sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    for (const n of nodes) if (n.children) sort(n.children);
  };
  sort(kept);
  return kept;
}

/**
 * Stops the registry when a text a screen shows does not resolve in every language: resource
 * titles, labels and messages, and menu titles.
 */
function checkTexts(locales: Registry['locales'], menus: MenuNode[], resources: Map<string, ServerResource>): void {
  const wanted: { where: string; key: string }[] = [];
  for (const [key, r] of resources) for (const k of resourceTextKeys(r.def)) wanted.push({ where: `plugin ${r.def.plugin}, resource ${key}`, key: k });
  walk(menus, (n) => wanted.push({ where: `menu ${n.key}`, key: n.titleKey }));
  for (const lang of LANGS) {
    const namespaces = locales(lang);
    for (const { where, key } of wanted) if (!resolves(namespaces, key)) throw new Error(`${where}: text ${key} does not resolve in ${lang}`);
  }
}

export function createRegistry(pluginList: PortPlugin[]): Registry {
  const plugins = [corePlugin, ...pluginList.filter((p) => p.id !== 'core')].map(flattenPlugin);
  const ids = new Set<string>();
  for (const p of plugins) {
    if (ids.has(p.id)) throw new Error(`plugin ${p.id} is listed twice`);
    ids.add(p.id);
  }
  setMultipartRoutes(plugins.flatMap((p) => (p.routes ?? []).filter((r) => r.multipart).map((r) => r.path)));
  const resources = new Map<string, ServerResource>();
  // Every resource a screen may show: the REST ones, and those only screens list.
  const shown = new Map<string, ServerResource>();
  for (const p of plugins) {
    for (const r of [...(p.resources ?? []), ...(p.screenResources ?? [])]) {
      const key = resourceKey(r.def);
      if (r.def.plugin !== p.id) throw new Error(`resource ${key} is declared by plugin ${p.id}`);
      if (shown.has(key)) throw new Error(`duplicate resource ${key}`);
      shown.set(key, r);
    }
    for (const r of p.resources ?? []) resources.set(resourceKey(r.def), r);
  }
  const screens: Registry['screens'] = new Map();
  for (const p of plugins) {
    for (const screen of p.screens ?? []) {
      const registered = (def: ScreenDef['resource']) => {
        const sr = shown.get(resourceKey(def));
        if (sr?.def.plugin !== p.id) throw new Error(`plugin ${p.id}: the screen ${screen.path} shows ${resourceKey(def)}, which it does not register`);
        // A copy of the declaration under another menu and title: the page is guarded by that menu, the API stays the registered one's.
        return sr.def === def ? sr : { ...sr, def };
      };
      const resource = registered(screen.resource);
      if (screen.document && screen.document.resource !== screen.resource) throw new Error(`plugin ${p.id}: the screen ${screen.path} edits a document of another resource`);
      if (screen.tabs && screen.tabs[0]?.resource !== screen.resource) throw new Error(`plugin ${p.id}: the screen ${screen.path} has its own resource as its first tab`);
      const tabs = new Map((screen.tabs ?? []).map((tab) => [tab.key, registered(tab.resource)]));
      if (screens.has(`/${screen.path}`)) throw new Error(`duplicate screen /${screen.path}`);
      screens.set(`/${screen.path}`, { plugin: p.id, screen, resource, tabs });
    }
  }
  const owners: Registry['owners'] = { menus: new Map(), permissions: new Map() };
  const leaves = [...screens.values()].flatMap(({ plugin, screen }) => {
    const leaf = screenLeaf(screen);
    return leaf ? [{ plugin, ...leaf }] : [];
  });
  const menus = mergeMenus(
    plugins.map((p) => ({ plugin: p.id, menus: p.menus ?? [] })),
    leaves,
    owners.menus,
  );

  const permissions: PermissionDef[] = [];
  const codes = new Set<string>();
  const addPermission = (plugin: string, perm: PermissionDef) => {
    if (perm.menu && !owners.menus.has(perm.menu)) throw new Error(`permission ${perm.code} names unknown menu ${perm.menu}`);
    codes.add(perm.code);
    owners.permissions.set(perm.code, plugin);
    permissions.push(perm);
  };
  for (const p of plugins) {
    for (const perm of p.permissions ?? []) {
      if (codes.has(perm.code)) throw new Error(`duplicate permission ${perm.code} (${p.id})`);
      addPermission(p.id, perm);
    }
  }
  // Derived after every declared one: what a plugin declares itself (another menu, a better title) wins.
  for (const { plugin, screen } of screens.values()) for (const perm of screenPermissions(screen)) if (!codes.has(perm.code)) addPermission(plugin, perm);
  for (const [key, r] of shown) {
    for (const { code } of resourcePermissions(r.def)) if (!codes.has(code)) throw new Error(`plugin ${r.def.plugin}, resource ${key}: permission ${code} is declared by no plugin`);
  }
  const grants: Registry['grants'] = [];
  for (const p of plugins) {
    for (const { source, ...grant } of p.grants ?? []) {
      for (const k of [...(grant.menus ?? []), ...(grant.revoke?.menus ?? [])]) if (!owners.menus.has(k)) throw new Error(`grant to ${grant.role} (${p.id}) names unknown menu ${k}`);
      for (const c of [...(grant.permissions ?? []), ...(grant.revoke?.permissions ?? [])]) if (!codes.has(c)) throw new Error(`grant to ${grant.role} (${p.id}) names unknown permission ${c}`);
      grants.push({ plugin: p.id, source: source ?? p.id, grant });
    }
  }
  const locales: Registry['locales'] = (lang) => {
    const out: Record<string, Record<string, unknown>> = {};
    for (const p of plugins) if (p.locales) out[p.id] = p.locales[lang] as Record<string, unknown>;
    return out;
  };
  checkTexts(locales, menus, shown);
  const jobs = plugins.flatMap((p) => p.jobs ?? []);
  const jobNames = new Set<string>();
  for (const j of jobs) {
    if (jobNames.has(j.name)) throw new Error(`duplicate job ${j.name}`);
    jobNames.add(j.name);
  }
  const badges = plugins.flatMap((p) => p.badges ?? []).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const stats = plugins.flatMap((p) => p.stats ?? []).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const lookups = registerLookups(plugins, shown, codes);
  const services = new Map<string, unknown>();
  for (const p of plugins) {
    for (const [name, impl] of Object.entries(p.services ?? {})) {
      const full = name.includes('.') ? name : `${p.id}.${name}`;
      services.set(full, impl);
    }
  }

  const registry: Registry = {
    plugins,
    menus,
    permissions,
    badges,
    jobs,
    stats,
    grants,
    resources,
    screens,
    owners,
    lookups,
    locales,
    hasService(name: string): boolean {
      return services.has(name);
    },
    service<T>(name: string): T {
      if (!services.has(name)) throw new Error(`no plugin provides service ${name}`);
      return services.get(name) as T;
    },
    context(knex?: Knex): PluginContext {
      const ctx: PluginContext = {
        knex: knex ?? getKnex(),
        service: (n) => registry.service(n),
        // As the user may see them (the data scope of what the lookup lists).
        lookup: async (name, user, search) => {
          const l = lookups.get(name);
          return l ? lookupOptions(l, ctx, user, search) : [];
        },
      };
      return ctx;
    },
  };
  return registry;
}

// On globalThis, not in a module variable: in development the Remix build is loaded by Vite as a
// second copy of this module in the same process, and must see what server.ts installed.
const g = globalThis as unknown as { __portRegistry?: Registry };

/** Installs the registry every `getRegistry()` answers with; returns the one it replaces. */
export function setRegistry(registry: Registry | undefined): Registry | undefined {
  const previous = g.__portRegistry;
  if (registry) g.__portRegistry = registry;
  else delete g.__portRegistry;
  return previous;
}

/** Builds the registry of these plugins (core's own first) and installs it. */
export function setPlugins(pluginList: PortPlugin[]): Registry {
  const registry = createRegistry(pluginList);
  setRegistry(registry);
  return registry;
}

export function hasRegistry(): boolean {
  return g.__portRegistry !== undefined;
}

export function getRegistry(): Registry {
  if (!g.__portRegistry) {
    throw new Error('no plugin list was handed to the registry: the app calls setPlugins() (app/registry.server.ts) before serving');
  }
  return g.__portRegistry;
}
