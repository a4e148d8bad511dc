// Bad debts (the platform's, and the payer's read-only list) on the generic resource page.
import type { ScreenDef } from '@core/shared';
import { badDebtDef, payerBadDebtDef } from './badDebt';

export const screens: ScreenDef[] = [
  { path: 'expense/badDebt', resource: badDebtDef, menu: { parent: 'expense', order: 50 } },
  { path: 'traderCenter/badDebt', resource: payerBadDebtDef, menu: { parent: 'traderCenter', order: 30 } },
];
