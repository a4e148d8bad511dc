// Finance (SPEC §2 Expense Management, Trader Business Center bills, Bank Business Center,
// /price, /unifiedSettlement): fees and charging rules, bills with refunds, bad debts and
// write-offs, advance-payment funds, foreign-exchange settlement and cross-border RMB
// statements. Money is never a float: DECIMAL columns and decimal.js, rounded once (half-up
// to the currency's minor unit) where an amount is fixed.
import { definePlugin } from '../../core/plugin';
import { combineAreas, type PluginArea } from '../../core/areas';
import { feesArea } from './fees';
import { bankReceivableSeed, billsArea } from './bills';
import { fundsArea } from './funds';
import { fxArea } from './fx';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

/** In migration order: funds before bills (bills are paid from funds), fees before bills. */
const AREAS: PluginArea[] = [feesArea, fundsArea, billsArea, fxArea];
const areas = combineAreas(AREAS);

export default definePlugin({
  id: 'finance',
  root: 'plugins/finance',
  menus: areas.menus,
  permissions: areas.permissions,
  routes: areas.routes,
  migrations: areas.migrations,
  // The bank's receivables need the bank role and user the fx area seeds.
  seeds: [...areas.seeds, bankReceivableSeed],
  grants: areas.grants,
  jobs: areas.jobs,
  badges: areas.badges,
  services: areas.services,
  resources: areas.resources,
  lookups: areas.lookups,
  // Seeded by the fx area: the bank's reviewer (报关银行业务中心: remittance review, receivables).
  demoLogins: [{ username: 'bank', nickname: '银行审核员', userType: 3 }],
  openapi: areas.openapi,
  locales: { zh: { ...zh, ...areas.locales.zh }, en: { ...en, ...areas.locales.en }, my: { ...my, ...areas.locales.my } },
});
