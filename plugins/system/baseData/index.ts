// Base data of /dataBase/systemData (SPEC §2): countries, goods names, ports with their
// yards and berths, transport routes, provinces/cities/counties and shipping addresses.
// One object the system plugin merges in: menu leaves under `dataBase.systemData`, their
// permissions, routes (relative to the plugin root), tables, seed data, resources, lookups
// and texts (mounted at `system:baseData.*`).
import type { LocaleBundle, MenuNode, Migration, PermissionDef, PortPlugin, RouteDef, Seed } from '../../../core/plugin';
import type { ServerResource } from '../../../core/resource/define.server';
import { baseDataMigrations } from './migrations';
import { baseDataSeed } from './seeds';
import { baseDataLookups } from './lookups.server';
import { countryResource } from './resources/country.server';
import { goodsResource } from './resources/goods.server';
import { berthResource, portResource, yardResource } from './resources/port.server';
import { transportRouteResource } from './resources/transportRoute.server';
import { regionResource } from './resources/region.server';
import { shippingAddressResource } from './resources/shippingAddress.server';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

const resources: ServerResource[] = [
  countryResource,
  goodsResource,
  portResource,
  yardResource,
  berthResource,
  transportRouteResource,
  regionResource,
  shippingAddressResource,
];

/** Screen path (as SPEC §2 spells it) and route file of each resource, in menu order. */
const SCREENS: Record<string, { path: string; file: string }> = {
  country: { path: 'countries', file: 'countries.tsx' },
  cfdGood: { path: 'cfdGood', file: 'cfdGood.tsx' },
  portData: { path: 'portData', file: 'portData.tsx' },
  yard: { path: 'yard', file: 'yard.tsx' },
  berth: { path: 'berth', file: 'berth.tsx' },
  route: { path: 'route', file: 'route.tsx' },
  region: { path: 'province', file: 'province.tsx' },
  ShippingAddress: { path: 'ShippingAddress', file: 'ShippingAddress.tsx' },
};

const byName = new Map(resources.map((r) => [r.def.name, r.def]));
const screens = Object.entries(SCREENS).map(([name, screen], i) => ({ name, ...screen, def: byName.get(name)!, order: 30 + i * 10 }));

const menuItems: MenuNode[] = screens.map((s) => ({
  key: s.def.menu,
  path: `/dataBase/systemData/${s.path}`,
  titleKey: s.def.titleKey,
  order: s.order,
}));

const permissions: PermissionDef[] = screens.flatMap((s) =>
  (['list', 'add', 'edit', 'remove'] as const).map((action) => ({
    code: `system:${s.name}:${action}`,
    titleKey: `system:baseData.perm.${s.name}.${action}`,
    menu: s.def.menu,
    ...(action === 'list' ? { mandatory: true } : {}),
  })),
);

const routes: RouteDef[] = screens.map((s) => ({ path: `dataBase/systemData/${s.path}`, file: `baseData/routes/${s.file}` }));

export const baseData: {
  menuItems: MenuNode[];
  permissions: PermissionDef[];
  routes: RouteDef[];
  migrations: Migration[];
  seeds: Seed[];
  resources: ServerResource[];
  lookups: NonNullable<PortPlugin['lookups']>;
  locales: { zh: LocaleBundle; en: LocaleBundle; my: LocaleBundle };
} = {
  menuItems,
  permissions,
  routes,
  migrations: baseDataMigrations,
  seeds: [baseDataSeed],
  resources,
  lookups: baseDataLookups,
  locales: { zh, en, my },
};
