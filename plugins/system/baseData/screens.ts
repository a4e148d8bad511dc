// The base-data screens under /dataBase/systemData (paths as SPEC §2 spells them), in menu order
// after the reference codes.
import type { ScreenDef } from '@core/shared';
import { countryDef } from './resources/country';
import { goodsDef } from './resources/goods';
import { berthDef, portDef, yardDef } from './resources/port';
import { transportRouteDef } from './resources/transportRoute';
import { regionDef } from './resources/region';
import { shippingAddressDef } from './resources/shippingAddress';

const PAGES: [string, ScreenDef['resource']][] = [
  ['countries', countryDef],
  ['cfdGood', goodsDef],
  ['portData', portDef],
  ['yard', yardDef],
  ['berth', berthDef],
  ['route', transportRouteDef],
  ['province', regionDef],
  ['ShippingAddress', shippingAddressDef],
];

export const screens: ScreenDef[] = PAGES.map(([path, resource], i) => ({ path: `dataBase/systemData/${path}`, resource, menu: { parent: 'dataBase.systemData', order: 30 + i * 10 } }));
