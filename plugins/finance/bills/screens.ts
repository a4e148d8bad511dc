// Bills (the platform's and payee's with their document form; the payer's; the receivables),
// write-offs and bad debts (the platform's, and the payer's read-only list), the trader's unified
// settlement on the generic resource page; index.ts places the bill screens' menu entries.
import type { ScreenDef } from '@core/shared';
import { badDebtDef, payerBadDebtDef } from './badDebt';
import { billDef, billDocument, billPayableDef, billReceivableDef } from './bill';
import { settlementBillDef } from './settlement';
import { writeoffDef } from './writeoff';

export const screens: ScreenDef[] = [
  { path: 'expense/bill', resource: billDef, document: billDocument, ui: () => import('./ui/BillDetail') },
  { path: 'traderCenter/billsPayable', resource: billPayableDef, ui: () => import('./ui/BillDetail') },
  { path: 'bankCenter/receivable', resource: billReceivableDef, ui: () => import('./ui/receivable') },
  { path: 'expense/writeoff', resource: writeoffDef, ui: () => import('./ui/writeoff') },
  { path: 'expense/badDebt', resource: badDebtDef, menu: { parent: 'expense', order: 50 } },
  { path: 'traderCenter/badDebt', resource: payerBadDebtDef, menu: { parent: 'traderCenter', order: 30 } },
  { path: 'unifiedSettlement/settlementManage', resource: settlementBillDef, ui: () => import('./ui/settlement') },
];
