// The customs declaration platform's basic information (SPEC §2 "Declaration-platform
// screens: Basic information", §3 "Code lists", §5 "Codes"): HS codes and their declaration
// elements, CIQ codes, ECIQ basic data, origin areas, customs ports, QP codes and port codes.
// Each code table is a resource: its screen, REST API (/api/customs/<name>), export and import
// come from the resource engine.
import { definePlugin, type MenuNode } from '../../core/plugin';
import { combineAreas } from '../../core/areas';
import type { Knex } from 'knex';
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
import { brokerGrantsSeed, codeListsSeed } from './seeds';
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
  permissions: [...SCREENS.flatMap((name) => crudPermissionDefs(name, `customsBase.${name}`)), ...areas.permissions],
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
  seeds: [codeListsSeed, brokerGrantsSeed, ...areas.seeds],
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
    async hsCodes({ knex }) {
      const rows: { hs_code: string; name: string }[] = await knex('cus_hs_code').select('hs_code', 'name').orderBy('hs_code');
      return rows.map((r) => ({ value: r.hs_code, label: `${r.hs_code} ${r.name}` }));
    },
    // Customs parameter codes of one type as a picker: `customs.qp.tradeMode`, `customs.qp.unit`, …
    ...Object.fromEntries(
      QP_TYPES.map((type) => [
        `qp.${type}`,
        async ({ knex }: { knex: Knex }) => {
          const rows: { qp_code: string; name: string; name_en: string | null }[] = await knex('cus_customs_qp').where({ qp_type: type }).select('qp_code', 'name', 'name_en').orderBy('qp_code');
          return rows.map((r) => ({ value: r.qp_code, label: `${r.qp_code} ${r.name}`, ...(r.name_en ? { labels: { en: `${r.qp_code} ${r.name_en}` } } : {}) }));
        },
      ]),
    ),
    async eciqTypes({ knex }) {
      const rows: { type_code: string; name: string }[] = await knex('cus_eciq_type').select('type_code', 'name').orderBy('type_code');
      return rows.map((r) => ({ value: r.type_code, label: `${r.type_code} ${r.name}` }));
    },
    async customsPorts({ knex }) {
      const rows: { customs_code: string; name: string; name_en: string | null; parent_code: string | null }[] = await knex('cus_customs_port').select('customs_code', 'name', 'name_en', 'parent_code').orderBy('customs_code');
      return rows.map((r) => ({ value: r.customs_code, label: `${r.customs_code} ${r.name}`, parent: r.parent_code, ...(r.name_en ? { labels: { en: `${r.customs_code} ${r.name_en}` } } : {}) }));
    },
  },
  locales: { zh: { ...zh, ...areas.locales.zh }, en: { ...en, ...areas.locales.en }, my: { ...my, ...areas.locales.my } },
});
