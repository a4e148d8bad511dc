// Customs area "basic": the declaration platform's basic information (SPEC §2 "Declaration-platform
// screens: Basic information", §3 "Code lists", §5 "Codes"): HS codes and their declaration
// elements, CIQ codes, ECIQ basic data, origin areas, customs ports, QP codes and port codes.
// Each code table is a resource: its screen, REST API (/api/customs/<name>), export and import
// come from the resource engine. Its texts are the plugin's own (customs:<name>.*).
import type { PluginArea } from '@core/shared';
import { tableLookup } from '@core/server';
import { customsMigrations } from '../migrations';
import { codeListsSeed } from '../seeds';
import { QP_TYPES } from './customsQp';
import { hsCodeResource, hsElementResource } from './hs.server';
import { ciqCodeResource } from './ciq.server';
import { eciqDataResource, eciqTypeResource } from './eciq.server';
import { customsPortResource, originAreaResource, portCodeResource } from './places.server';
import { customsQpResource } from './customsQp.server';
import { screens } from './screens';

export const basicArea: PluginArea = {
  key: 'basic',
  menus: [
    {
      key: 'customsBase',
      path: '/customsBase',
      titleKey: 'customs:menu.base',
      icon: 'Description',
      order: 300,
      children: [{ key: 'customsBase.basic', path: '/customsBase/basic', titleKey: 'customs:menu.basic', order: 10, children: [] }],
    },
  ],
  screens,
  migrations: customsMigrations,
  seeds: [codeListsSeed],
  resources: [hsCodeResource, hsElementResource, ciqCodeResource, eciqTypeResource, eciqDataResource, originAreaResource, customsPortResource, customsQpResource, portCodeResource],
  lookups: {
    hsCodes: tableLookup({ table: 'cus_hs_code', value: 'hs_code', label: '{hs_code} {name}', labels: { en: '{hs_code} {name_en}' } }),
    // Customs parameter codes of one type as a picker: `customs.qp.tradeMode`, `customs.qp.unit`, …
    ...Object.fromEntries(
      QP_TYPES.map((type) => [
        `qp.${type}`,
        tableLookup({ table: 'cus_customs_qp', value: 'qp_code', label: '{qp_code} {name}', labels: { en: '{qp_code} {name_en}' }, where: { qp_type: type } }),
      ]),
    ),
    eciqTypes: tableLookup({ table: 'cus_eciq_type', value: 'type_code', label: '{type_code} {name}', labels: { en: '{type_code} {name_en}' } }),
    customsPorts: tableLookup({ table: 'cus_customs_port', value: 'customs_code', label: '{customs_code} {name}', labels: { en: '{customs_code} {name_en}' }, parent: 'parent_code' }),
  },
};
