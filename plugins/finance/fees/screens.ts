// Fee items and operation records on the generic resource page (charging rules have their own form).
import type { ScreenDef } from '@core/shared';
import { MENU, feeItemDef, operationRecordDef } from './fee';

export const screens: ScreenDef[] = [
  { path: 'expense/feeItem', resource: feeItemDef, menu: { parent: MENU.group, order: 10, titleKey: 'finance:fees.menu.feeItem' } },
  { path: 'expense/operationRecord', resource: operationRecordDef, menu: { parent: MENU.group, order: 30, titleKey: 'finance:fees.menu.operationRecord' } },
];
