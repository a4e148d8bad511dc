// Validates the enabled plugins (core's own contributions first) and exposes what the shell is
// generated from: menus, permissions, badges, jobs, stats, locales, services. Core never imports
// the plugin list: the app hands it over (app/registry.server.ts, from server.ts, the worker, the
// scripts and the Remix entry), and a test hands its own with setPlugins/setRegistry.
import type { Knex } from 'knex';
import type { BadgeDef, GrantDef, JobDef, MenuNode, PermissionDef, PluginContext, PortPlugin, StatDef } from './plugin';
import { getKnex } from './db/knex.server';
import type { ServerResource } from './resource/define.server';
import corePlugin from './core-plugin.server';

export type Lang = 'zh' | 'en' | 'my';
export const LANGS: Lang[] = ['zh', 'en', 'my'];

export interface Registry {
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
  /** Picker option sources by `plugin.name`. */
  lookups: Map<string, NonNullable<PortPlugin['lookups']>[string]>;
  /** i18n resources of one language: one namespace per plugin id (core's is `core`). */
  locales(lang: Lang): Record<string, Record<string, unknown>>;
  hasService(name: string): boolean;
  service<T = unknown>(name: string): T;
  context(knex?: Knex): PluginContext;
}

function walk(nodes: MenuNode[], fn: (n: MenuNode) => void): void {
  for (const n of nodes) {
    fn(n);
    if (n.children) walk(n.children, fn);
  }
}

/** Merges menu trees: a group declared by two plugins (same key) gets both plugins' children. */
function mergeMenus(lists: MenuNode[][]): MenuNode[] {
  const top: MenuNode[] = [];
  const byKey = new Map<string, MenuNode>();
  const add = (target: MenuNode[], n: MenuNode) => {
    const existing = byKey.get(n.key);
    if (existing) {
      if (!n.children?.length) throw new Error(`duplicate menu key ${n.key}`);
      existing.children ??= [];
      for (const c of n.children) add(existing.children, c);
      return;
    }
    const copy: MenuNode = { ...n, children: n.children ? [] : undefined };
    byKey.set(n.key, copy);
    target.push(copy);
    for (const c of n.children ?? []) add(copy.children!, c);
  };
  for (const list of lists) for (const n of list) add(top, n);
  const sort = (nodes: MenuNode[]) => {
    nodes.sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
    for (const n of nodes) if (n.children) sort(n.children);
  };
  sort(top);
  return top;
}

export function createRegistry(pluginList: PortPlugin[]): Registry {
  const plugins = [corePlugin, ...pluginList.filter((p) => p.id !== 'core')];
  const ids = new Set<string>();
  for (const p of plugins) {
    if (ids.has(p.id)) throw new Error(`plugin ${p.id} is listed twice`);
    ids.add(p.id);
  }
  const menus = mergeMenus(plugins.map((p) => p.menus ?? []));
  const menuKeys = new Set<string>();
  walk(menus, (n) => menuKeys.add(n.key));

  const permissions: PermissionDef[] = [];
  const codes = new Set<string>();
  for (const p of plugins) {
    for (const perm of p.permissions ?? []) {
      if (codes.has(perm.code)) throw new Error(`duplicate permission ${perm.code} (${p.id})`);
      if (perm.menu && !menuKeys.has(perm.menu)) throw new Error(`permission ${perm.code} names unknown menu ${perm.menu}`);
      codes.add(perm.code);
      permissions.push(perm);
    }
  }
  const grants: Registry['grants'] = [];
  for (const p of plugins) {
    for (const { source, ...grant } of p.grants ?? []) {
      for (const k of [...(grant.menus ?? []), ...(grant.revoke?.menus ?? [])]) if (!menuKeys.has(k)) throw new Error(`grant to ${grant.role} (${p.id}) names unknown menu ${k}`);
      for (const c of [...(grant.permissions ?? []), ...(grant.revoke?.permissions ?? [])]) if (!codes.has(c)) throw new Error(`grant to ${grant.role} (${p.id}) names unknown permission ${c}`);
      grants.push({ plugin: p.id, source: source ?? p.id, grant });
    }
  }
  const jobs = plugins.flatMap((p) => p.jobs ?? []);
  const jobNames = new Set<string>();
  for (const j of jobs) {
    if (jobNames.has(j.name)) throw new Error(`duplicate job ${j.name}`);
    jobNames.add(j.name);
  }
  const badges = plugins.flatMap((p) => p.badges ?? []).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const stats = plugins.flatMap((p) => p.stats ?? []).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const resources = new Map<string, ServerResource>();
  for (const p of plugins) {
    for (const r of p.resources ?? []) {
      const key = `${r.def.plugin}.${r.def.name}`;
      if (r.def.plugin !== p.id) throw new Error(`resource ${key} is declared by plugin ${p.id}`);
      if (resources.has(key)) throw new Error(`duplicate resource ${key}`);
      resources.set(key, r);
    }
  }
  const lookups: Registry['lookups'] = new Map();
  for (const p of plugins) for (const [name, fn] of Object.entries(p.lookups ?? {})) lookups.set(`${p.id}.${name}`, fn);
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
    lookups,
    locales(lang) {
      const out: Record<string, Record<string, unknown>> = {};
      for (const p of plugins) if (p.locales) out[p.id] = p.locales[lang] as Record<string, unknown>;
      return out;
    },
    hasService(name: string): boolean {
      return services.has(name);
    },
    service<T>(name: string): T {
      if (!services.has(name)) throw new Error(`no plugin provides service ${name}`);
      return services.get(name) as T;
    },
    context(knex?: Knex): PluginContext {
      return { knex: knex ?? getKnex(), service: (n) => registry.service(n) };
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
