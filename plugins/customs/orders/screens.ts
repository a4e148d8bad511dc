// The trader business center's service orders on the generic resource page.
import type { ScreenDef } from '@core/shared';
import { serviceOrderDef } from './order';

export const screens: ScreenDef[] = [
  { path: 'traderCenter/serviceOrder', resource: serviceOrderDef, menu: { parent: 'traderCenter', order: 10, titleKey: 'customs:orders.menu.serviceOrder' } },
];
