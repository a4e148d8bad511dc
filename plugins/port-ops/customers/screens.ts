// The six leaves of 客户管理 (SPEC §2 /customermanage), in the spec's order; customers and
// contracts open their document editors, the others the generic form; fee items have 试算.
import type { ScreenDef } from '@core/shared';
import { GROUP, K } from './common';
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
    menu: { parent: GROUP, titleKey: `${K}.menu.cfdCustomer`, order: 10 },
  },
  {
    path: 'customermanage/blacklist',
    resource: blacklistDef,
    menu: { parent: GROUP, titleKey: `${K}.menu.blacklist`, order: 20 },
  },
  {
    path: 'customermanage/ZhddJcsj',
    resource: contractDef,
    document: contractDocument,
    menu: { parent: GROUP, titleKey: `${K}.menu.ZhddJcsj`, order: 30 },
    ui: () => import('./ui/contract'),
  },
  {
    path: 'customermanage/adjustmentManage',
    resource: adjustmentDef,
    menu: { parent: GROUP, titleKey: `${K}.menu.adjustmentManage`, order: 40 },
  },
  {
    path: 'customermanage/cfdLine',
    resource: lineDef,
    menu: { parent: GROUP, titleKey: `${K}.menu.cfdLine`, order: 50 },
  },
  {
    path: 'customermanage/fee',
    resource: feeDef,
    menu: { parent: GROUP, titleKey: `${K}.menu.fee`, order: 60 },
    ui: () => import('./ui/fee'),
  },
];
