// Advance receipts, and the fund sub-ledger with the sub-accounts on a second tab (where the
// platform opens accounts and edits reminder thresholds; the top-bar fund reminder's 查看全部
// leads there), on the generic resource page.
import type { ScreenDef } from '@core/shared';
import { MENU_GROUP, advanceReceiptDef, fundLedgerDef, subAccountDef } from './funds';

export const screens: ScreenDef[] = [
  { path: 'price/payStatement', resource: advanceReceiptDef, menu: { parent: MENU_GROUP, order: 10 } },
  {
    path: 'price/dlStrNdt',
    resource: fundLedgerDef,
    tabs: [
      { key: 'ledger', resource: fundLedgerDef },
      { key: 'accounts', resource: subAccountDef },
    ],
  },
];
