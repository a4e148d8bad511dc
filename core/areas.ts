// A large plugin is made of areas (customs: enterprise center, orders, declarations …;
// finance: fees, bills, funds, FX), each in its own folder with its own menus, tables,
// resources, screens and locales (under the area's key in the plugin's namespace). The plugin
// lists them (`definePlugin({ id, areas })`) and the registry and the route manifest flatten
// them here: nothing is forwarded by hand, and a part this file does not know is an error,
// never dropped. Pure (no server imports): remix.config.js reaches it through core/plugin.ts.
import type { PluginArea, PluginParts, PortPlugin } from './plugin';

export type { PluginArea };

/** Listed parts: the plugin's own (plugin-wide), then its areas', in area order. */
const LISTS = ['menus', 'permissions', 'routes', 'screens', 'migrations', 'seeds', 'jobs', 'badges', 'stats', 'resources', 'screenResources', 'crossOrigin'] as const;
/** Parts merged by name: a name two areas (or an area and the plugin) both declare is an error. */
const MAPS = ['services', 'lookups'] as const;
const AREA_KEYS = new Set<string>(['key', ...LISTS, ...MAPS, 'grants', 'locales', 'openapi']);

function merged(where: string, what: string, maps: (Record<string, unknown> | undefined)[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of maps) {
    for (const [name, value] of Object.entries(m ?? {})) {
      if (name in out) throw new Error(`plugin ${where}: ${what} ${name} is declared twice`);
      out[name] = value;
    }
  }
  return out;
}

/** The plugin with its areas' parts folded in after its own; `areas` is gone. */
export function flattenPlugin(plugin: PortPlugin): PortPlugin {
  const { areas = [], ...own } = plugin;
  if (!areas.length) return own;
  const keys = new Set<string>();
  for (const a of areas) {
    if (keys.has(a.key)) throw new Error(`plugin ${plugin.id}: area ${a.key} is listed twice`);
    keys.add(a.key);
    for (const k of Object.keys(a)) if (!AREA_KEYS.has(k)) throw new Error(`plugin ${plugin.id}, area ${a.key}: unknown key "${k}"`);
  }
  const parts: PluginParts[] = [own, ...areas];
  const lists = Object.fromEntries(LISTS.map((k) => [k, parts.flatMap((p) => (p[k] as unknown[] | undefined) ?? [])]));
  const maps = Object.fromEntries(MAPS.map((k) => [k, merged(plugin.id, k.replace(/s$/, ''), parts.map((p) => p[k]))]));
  const out: PortPlugin = { ...own, ...lists, ...maps };
  out.grants = [...(own.grants ?? []), ...areas.flatMap((a) => (a.grants ?? []).map((g) => ({ ...g, source: a.key })))];
  if (own.locales || areas.some((a) => a.locales)) out.locales = areaLocales(plugin.id, areas, own.locales);
  const withDoc = parts.filter((p) => p.openapi);
  if (withDoc.length) out.openapi = (doc, t) => withDoc.forEach((p) => p.openapi!(doc, t));
  return out;
}

function areaLocales(id: string, areas: PluginArea[], own: PortPlugin['locales']): PortPlugin['locales'] {
  const lang = (l: 'zh' | 'en' | 'my') => {
    const out: Record<string, unknown> = { ...(own?.[l] ?? {}) };
    for (const a of areas) {
      if (!a.locales) continue;
      if (a.key in out) throw new Error(`plugin ${id}, area ${a.key}: its texts would replace the plugin's own ${id}:${a.key}.*`);
      out[a.key] = a.locales[l];
    }
    return out;
  };
  return { zh: lang('zh'), en: lang('en'), my: lang('my') };
}
