// The three /fleetassets screens (SPEC §2: fleetinfo, carinfo, driverinfo) on the generic
// resource page; the vehicle's form is a document so that it carries its certificates.
import type { ScreenDef } from '@core/shared';
import { driverDef, fleetDef, vehicleDef, vehicleDocument } from './fleet';

export const screens: ScreenDef[] = [
  { path: 'fleetassets/fleetinfo', resource: fleetDef, menu: { parent: 'fleetassets', order: 10 }, ui: () => import('./ui/fleetinfo') },
  { path: 'fleetassets/carinfo', resource: vehicleDef, document: vehicleDocument, menu: { parent: 'fleetassets', order: 20 }, ui: () => import('./ui/carinfo') },
  { path: 'fleetassets/driverinfo', resource: driverDef, menu: { parent: 'fleetassets', order: 30 }, ui: () => import('./ui/driverinfo') },
];
