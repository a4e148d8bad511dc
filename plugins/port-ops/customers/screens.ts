// The six leaves of 客户管理 (SPEC §2 /customermanage), in the spec's order; customers and
// contracts open their document editors, the others the generic form.
import type { ScreenDef } from '@core/shared';
import { GROUP } from './common';
import { customerDef, customerDocument } from './customer';
import { blacklistDef } from './blacklist';
import { contractDef, contractDocument } from './contract';
import { adjustmentDef } from './adjustment';
import { lineDef } from './line';
import { feeDef } from './fee';

export const screens: ScreenDef[] = [
  {
    path: 'customermanage/cfdCustomer',
    resource: customerDef,
    document: customerDocument,
    menu: { parent: GROUP, order: 10 },
  },
  {
    path: 'customermanage/blacklist',
    resource: blacklistDef,
    menu: { parent: GROUP, order: 20 },
  },
  {
    path: 'customermanage/ZhddJcsj',
    resource: contractDef,
    document: contractDocument,
    menu: { parent: GROUP, order: 30 },
    ui: () => import('./ui/contract'),
  },
  {
    path: 'customermanage/adjustmentManage',
    resource: adjustmentDef,
    menu: { parent: GROUP, order: 40 },
  },
  {
    path: 'customermanage/cfdLine',
    resource: lineDef,
    menu: { parent: GROUP, order: 50 },
  },
  {
    path: 'customermanage/fee',
    resource: feeDef,
    menu: { parent: GROUP, order: 60 },
  },
];
