// The customs declaration platform's basic information (SPEC §2 "Declaration-platform
// screens: Basic information", §3 "Code lists", §5 "Codes"): HS codes and their declaration
// elements, CIQ codes, ECIQ basic data, origin areas, customs ports, QP codes and port codes.
// Each code table is a resource: its screen, REST API (/api/customs/<name>), export and import
// come from the resource engine.
import { definePlugin, type MenuNode } from '../../core/plugin';
import { combineAreas } from '../../core/areas';
import { tableLookup } from '../../core/resource/lookups.server';
import type { CustomsArea } from './area';
import { QP_TYPES } from './resources/customsQp';
import { enterpriseArea } from './enterprise';
import { manifestsArea } from './manifests';
import { ordersArea } from './orders';
import { declarationsArea } from './declarations';
import { receiptsArea } from './receipts';
import { declApiPaths } from './declapi/openapi';
import { declApiRoutes } from './declapi/routes';
import { customsMigrations } from './migrations';
import { codeListsSeed } from './seeds';
import { crudPermissionDefs } from './resources/access';
import { hsCodeResource, hsElementResource } from './resources/hs.server';
import { ciqCodeResource } from './resources/ciq.server';
import { eciqDataResource, eciqTypeResource } from './resources/eciq.server';
import { customsPortResource, originAreaResource, portCodeResource } from './resources/places.server';
import { customsQpResource } from './resources/customsQp.server';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

/** The screens of "Basic information", in menu order (the spec gives no paths: /customsBase/<name>). */
const SCREENS = ['hsCode', 'hsElement', 'ciqCode', 'eciqType', 'eciqData', 'originArea', 'customsPort', 'customsQp', 'portCode'] as const;

const leaf = (name: (typeof SCREENS)[number], i: number): MenuNode => ({
  key: `customsBase.${name}`,
  path: `/customsBase/${name}`,
  titleKey: `customs:menu.${name}`,
  order: (i + 1) * 10,
});

/** The areas after basic information, in menu and migration order. */
const DOCUMENT_AREAS: CustomsArea[] = [enterpriseArea, ordersArea, manifestsArea, declarationsArea];
const AREAS: CustomsArea[] = [...DOCUMENT_AREAS, receiptsArea(DOCUMENT_AREAS.flatMap((a) => a.receiptTargets ?? []))];

const areas = combineAreas(AREAS);

const BASE_MENUS = ['customsBase', 'customsBase.basic', ...SCREENS.map((name) => `customsBase.${name}`)];
const BASE_PERMISSIONS = SCREENS.flatMap((name) => crudPermissionDefs(name, `customsBase.${name}`));

export default definePlugin({
  id: 'customs',
  root: 'plugins/customs',
  menus: [
    ...areas.menus,
    {
      key: 'customsBase',
      path: '/customsBase',
      titleKey: 'customs:menu.base',
      icon: 'Description',
      order: 300,
      children: [
        {
          key: 'customsBase.basic',
          path: '/customsBase/basic',
          titleKey: 'customs:menu.basic',
          order: 10,
          children: SCREENS.map(leaf),
        },
      ],
    },
  ],
  permissions: [...BASE_PERMISSIONS, ...areas.permissions],
  routes: [
    ...SCREENS.map((name) => ({ path: `customsBase/${name}`, file: `routes/${name}.tsx` })),
    ...areas.routes,
    // The declaration platform's existing client: same resources, its envelope (code 100/1000).
    ...declApiRoutes,
  ],
  // The areas' notes first, so the /api/decl copies carry them too.
  openapi: (doc, t) => {
    areas.openapi(doc, t);
    declApiPaths(doc);
  },
  migrations: [...customsMigrations, ...areas.migrations],
  seeds: [codeListsSeed, ...areas.seeds],
  // Customs brokers (role customs_admin) maintain the basic information; the areas grant their own.
  grants: [{ role: 'customs_admin', menus: BASE_MENUS, permissions: BASE_PERMISSIONS.map((p) => p.code), legacySeed: 'customs/broker-grants' }, ...areas.grants],
  jobs: areas.jobs,
  services: areas.services,
  resources: [
    hsCodeResource,
    hsElementResource,
    ciqCodeResource,
    eciqTypeResource,
    eciqDataResource,
    originAreaResource,
    customsPortResource,
    customsQpResource,
    portCodeResource,
    ...areas.resources,
  ],
  lookups: {
    ...areas.lookups,
    hsCodes: tableLookup({ table: 'cus_hs_code', value: 'hs_code', label: '{hs_code} {name}' }),
    // Customs parameter codes of one type as a picker: `customs.qp.tradeMode`, `customs.qp.unit`, …
    ...Object.fromEntries(
      QP_TYPES.map((type) => [
        `qp.${type}`,
        tableLookup({ table: 'cus_customs_qp', value: 'qp_code', label: '{qp_code} {name}', labels: { en: '{qp_code} {name_en}' }, where: { qp_type: type } }),
      ]),
    ),
    eciqTypes: tableLookup({ table: 'cus_eciq_type', value: 'type_code', label: '{type_code} {name}' }),
    customsPorts: tableLookup({ table: 'cus_customs_port', value: 'customs_code', label: '{customs_code} {name}', labels: { en: '{customs_code} {name_en}' }, parent: 'parent_code' }),
  },
  locales: { zh: { ...zh, ...areas.locales.zh }, en: { ...en, ...areas.locales.en }, my: { ...my, ...areas.locales.my } },
});
