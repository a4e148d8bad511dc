// The enterprise center's screens on the generic resource page (the account's own enterprise
// and its collection information are hand-written).
import type { ScreenDef } from '@core/shared';
import { enterpriseDef } from './enterprise';
import { entrustmentDef } from './entrustment';

export const screens: ScreenDef[] = [
  { path: 'enterpriseCenter/enterpriseManage', resource: enterpriseDef, ui: () => import('./ui/enterpriseManage') },
  { path: 'enterpriseCenter/entrustment', resource: entrustmentDef, menu: { parent: 'enterpriseCenter', order: 40 } },
];
