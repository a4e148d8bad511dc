// Fee items, charging rules (a document with its tiers, and 试算) and operation records on the
// generic resource page.
import type { ScreenDef } from '@core/shared';
import { MENU, chargingRuleDef, chargingRuleDocument, feeItemDef, operationRecordDef } from './fee';

export const screens: ScreenDef[] = [
  { path: 'expense/feeItem', resource: feeItemDef, menu: { parent: MENU.group, order: 10, titleKey: 'finance:fees.menu.feeItem' } },
  { path: 'expense/chargingRule', resource: chargingRuleDef, document: chargingRuleDocument, ui: () => import('./ui/TrialDialog') },
  { path: 'expense/operationRecord', resource: operationRecordDef, menu: { parent: MENU.group, order: 30, titleKey: 'finance:fees.menu.operationRecord' } },
];
