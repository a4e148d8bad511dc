// The customs declaration platform's basic information (SPEC §2 "Declaration-platform
// screens: Basic information", §3 "Code lists", §5 "Codes"): HS codes and their declaration
// elements, CIQ codes, ECIQ basic data, origin areas, customs ports, QP codes and port codes.
// Each code table is a resource: its screen, REST API (/api/customs/<name>), export and import
// come from the resource engine.
import { definePlugin, type JobDef, type MenuNode, type Migration, type PermissionDef, type RouteDef, type Seed } from '../../core/plugin';
import type { ServerResource } from '../../core/resource/define.server';
import type { CustomsArea } from './area';
import { enterpriseArea } from './enterprise';
import { manifestsArea } from './manifests';
import { receiptsArea } from './receipts';
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
const DOCUMENT_AREAS: CustomsArea[] = [enterpriseArea, manifestsArea];
const AREAS: CustomsArea[] = [...DOCUMENT_AREAS, receiptsArea(DOCUMENT_AREAS.flatMap((a) => a.receiptTargets ?? []))];

const merged = <K extends keyof CustomsArea>(key: K) => AREAS.flatMap((a) => (a[key] as unknown[] | undefined) ?? []);
const areaLocales = (lang: 'zh' | 'en' | 'my') => Object.fromEntries(AREAS.filter((a) => a.locales).map((a) => [a.key, a.locales![lang]]));

export default definePlugin({
  id: 'customs',
  root: 'plugins/customs',
  menus: [
    ...(merged('menus') as MenuNode[]),
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
  permissions: [...SCREENS.flatMap((name) => crudPermissionDefs(name, `customsBase.${name}`)), ...(merged('permissions') as PermissionDef[])],
  routes: [...SCREENS.map((name) => ({ path: `customsBase/${name}`, file: `routes/${name}.tsx` })), ...(merged('routes') as RouteDef[])],
  migrations: [...customsMigrations, ...(merged('migrations') as Migration[])],
  seeds: [codeListsSeed, brokerGrantsSeed, ...(merged('seeds') as Seed[])],
  jobs: merged('jobs') as JobDef[],
  services: Object.assign({}, ...AREAS.map((a) => a.services ?? {})),
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
    ...(merged('resources') as ServerResource[]),
  ],
  lookups: {
    ...Object.assign({}, ...AREAS.map((a) => a.lookups ?? {})),
    async hsCodes({ knex }) {
      const rows: { hs_code: string; name: string }[] = await knex('cus_hs_code').select('hs_code', 'name').orderBy('hs_code');
      return rows.map((r) => ({ value: r.hs_code, label: `${r.hs_code} ${r.name}` }));
    },
    async eciqTypes({ knex }) {
      const rows: { type_code: string; name: string }[] = await knex('cus_eciq_type').select('type_code', 'name').orderBy('type_code');
      return rows.map((r) => ({ value: r.type_code, label: `${r.type_code} ${r.name}` }));
    },
    async customsPorts({ knex }) {
      const rows: { customs_code: string; name: string; parent_code: string | null }[] = await knex('cus_customs_port').select('customs_code', 'name', 'parent_code').orderBy('customs_code');
      return rows.map((r) => ({ value: r.customs_code, label: `${r.customs_code} ${r.name}`, parent: r.parent_code }));
    },
  },
  locales: { zh: { ...zh, ...areaLocales('zh') }, en: { ...en, ...areaLocales('en') }, my: { ...my, ...areaLocales('my') } },
});
