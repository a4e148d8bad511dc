// Finance (SPEC §2 Expense Management, Trader Business Center bills, Bank Business Center,
// /price, /unifiedSettlement): fees and charging rules, bills with refunds, bad debts and
// write-offs, advance-payment funds, foreign-exchange settlement and cross-border RMB
// statements. Money is never a float: DECIMAL columns and decimal.js, rounded once (half-up
// to the currency's minor unit) where an amount is fixed.
import { definePlugin } from '@core/shared';
import { feesArea } from './fees';
import { billsArea } from './bills';
import { fundsArea } from './funds';
import { fxArea } from './fx';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export default definePlugin({
  id: 'finance',
  root: 'plugins/finance',
  // In seed order: bills are paid from funds and priced by fees, and the bank's receivable
  // needs the bank role and user the fx area seeds.
  areas: [feesArea, fundsArea, fxArea, billsArea],
  // Seeded by the fx area: the bank's reviewer (报关银行业务中心: remittance review, receivables).
  demoLogins: [{ username: 'bank', nickname: '银行审核员', userType: 3 }],
  locales: { zh, en, my },
});
