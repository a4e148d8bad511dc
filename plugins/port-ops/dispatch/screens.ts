// The two waybill lists (SPEC §2 /intelligentdispatch: fleetwaybill, driverwaybill) on the
// generic resource page: the dispatchers' (add is the dispatch) and the drivers' and shippers'
// read-only view of the same waybills. The driver's page and the board are routes (index.ts).
import type { ScreenDef } from '@core/shared';
import { driverWaybillDef, waybillDef } from './waybill';

export const screens: ScreenDef[] = [
  { path: 'intelligentdispatch/fleetwaybill', resource: waybillDef, menu: { parent: 'intelligentdispatch', order: 20 }, ui: () => import('./ui/waybills') },
  { path: 'intelligentdispatch/driverwaybill', resource: driverWaybillDef, menu: { parent: 'intelligentdispatch', order: 30 }, ui: () => import('./ui/waybills') },
];
