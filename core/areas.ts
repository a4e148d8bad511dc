// A large plugin is made of areas (customs: enterprise center, orders, declarations …;
// finance: fees, bills, funds, FX), each in its own folder with its own menus, tables,
// resources, routes and locales (under the area's key in the plugin's namespace).
// combineAreas() merges them into the parts of one plugin; areas talk to each other through
// the functions they export.
import type { BadgeDef, GrantDef, JobDef, LocaleBundle, MenuNode, Migration, PermissionDef, PortPlugin, RouteDef, Seed } from './plugin';
import type { ServerResource } from './resource/define.server';

export interface PluginArea {
  /** The area's key: its locales live under `<plugin>:<key>.*`. */
  key: string;
  menus?: MenuNode[];
  permissions?: PermissionDef[];
  routes?: RouteDef[];
  /** Migration names must be unique across areas (prefix them with the area key). */
  migrations?: Migration[];
  seeds?: Seed[];
  /** Menus and permissions the area grants roles (applied once per database by core). */
  grants?: GrantDef[];
  resources?: ServerResource[];
  lookups?: PortPlugin['lookups'];
  jobs?: JobDef[];
  badges?: BadgeDef[];
  services?: Record<string, unknown>;
  locales?: { zh: LocaleBundle; en: LocaleBundle; my: LocaleBundle };
  /** Adds the area's own API paths (outside the resource engine) to the OpenAPI document. */
  openapi?: PortPlugin['openapi'];
}

/** The plugin parts of some areas, in area order. */
export function combineAreas(areas: PluginArea[]) {
  const all = <K extends keyof PluginArea>(key: K) => areas.flatMap((a) => (a[key] as unknown[] | undefined) ?? []);
  const openapi: NonNullable<PortPlugin['openapi']> = (doc, t) => {
    for (const a of areas) a.openapi?.(doc, t);
  };
  const locales = (lang: 'zh' | 'en' | 'my') => Object.fromEntries(areas.filter((a) => a.locales).map((a) => [a.key, a.locales![lang]]));
  return {
    // Groups declared by two areas (same key) are merged by the registry, as across plugins.
    menus: all('menus') as MenuNode[],
    permissions: all('permissions') as PermissionDef[],
    routes: all('routes') as RouteDef[],
    migrations: all('migrations') as Migration[],
    seeds: all('seeds') as Seed[],
    grants: areas.flatMap((a) => (a.grants ?? []).map((g) => ({ ...g, source: a.key }))),
    jobs: all('jobs') as JobDef[],
    badges: all('badges') as BadgeDef[],
    resources: all('resources') as ServerResource[],
    services: Object.assign({}, ...areas.map((a) => a.services ?? {})) as Record<string, unknown>,
    lookups: Object.assign({}, ...areas.map((a) => a.lookups ?? {})) as NonNullable<PortPlugin['lookups']>,
    locales: { zh: locales('zh'), en: locales('en'), my: locales('my') },
    openapi,
  };
}
