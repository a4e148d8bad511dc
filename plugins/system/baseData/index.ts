// System area "baseData": the base data of /dataBase/systemData (SPEC §2): countries, goods
// names, ports with their yards and berths, transport routes, provinces/cities/counties and
// shipping addresses; their screens (menu leaves under dataBase.systemData, permissions per
// screen), tables, seed data, resources, lookups and texts (mounted at `system:baseData.*`).
import type { PluginArea } from '@core/shared';
import { baseDataMigrations } from './migrations';
import { baseDataSeed } from './seeds';
import { baseDataLookups } from './lookups.server';
import { countryResource } from './resources/country.server';
import { goodsResource } from './resources/goods.server';
import { berthResource, portResource, yardResource } from './resources/port.server';
import { transportRouteResource } from './resources/transportRoute.server';
import { regionResource } from './resources/region.server';
import { shippingAddressResource } from './resources/shippingAddress.server';
import { screens } from './screens';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export const baseDataArea: PluginArea = {
  key: 'baseData',
  screens,
  migrations: baseDataMigrations,
  seeds: [baseDataSeed],
  resources: [countryResource, goodsResource, portResource, yardResource, berthResource, transportRouteResource, regionResource, shippingAddressResource],
  lookups: baseDataLookups,
  locales: { zh, en, my },
};
