// Finance area "bills" (SPEC §2 Expense Management bill management, Trader Business Center
// bills payable and bad debts, /unifiedSettlement; §3 Bill, Verification form; §4 Bill status,
// Refund review; §5 Billing): bills with lines and their ten-state machine, refunds with
// review, bad debts with approval, write-offs, the service-bill hand-off receiver and the
// trader's unified settlement page. Other areas call createBill (bills.server.ts).
import { PARTY_BILLS, type GrantDef, type PluginArea, type Seed } from '@core/shared';
import { XLSX, defineLookup, errors, fileResponse } from '@core/server';
import { BILL_PERMISSIONS } from './bill';
import { billPayableResource, billResource, serviceBillReceiver } from './bills.server';
import { receivableResource } from './receivable.server';
import { settlementBillResource } from './settlement.server';
import { partyBills } from './partyBills.server';
import { badDebtsAndWriteoffsDemo, bankDemoBill, billsDemo } from './demo';
import { billsMigration } from './migration';
import { BAD_DEBT_PERMISSIONS } from './badDebt';
import { WRITEOFF_PERMISSIONS } from './writeoff';
import { SETTLEMENT_GROUP, SETTLEMENT_MENU, SETTLEMENT_PERMISSION } from './settlement';
import { badDebtResource, billsToVerify, payerBadDebtResource, unpaidBills, writeoffResource } from './writeoffs.server';
import { screens } from './screens';
import { bankCenterGroup, expenseGroup } from '../common';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export const MENU = {
  expense: 'expense',
  bill: 'expense.bill',
  traderCenter: 'traderCenter',
  billsPayable: 'traderCenter.billsPayable',
  badDebt: 'expense.badDebt',
  writeoff: 'expense.writeoff',
  payerBadDebt: 'traderCenter.badDebt',
  bankCenter: 'bankCenter',
  receivable: 'bankCenter.receivable',
} as const;

const B = BILL_PERMISSIONS;
const D = BAD_DEBT_PERMISSIONS;
const W = WRITEOFF_PERMISSIONS;
export const PAYER_PERMISSIONS = [B.payableList, B.confirm, B.giveBack, B.pay, B.requestRefund];
export const PAYEE_PERMISSIONS = [B.list, B.push, B.edit, B.confirmReceipt];
export const PLATFORM_PERMISSIONS = [B.list, B.receivableList, B.add, B.edit, B.remove, B.push, B.confirmReceipt, B.reviewRefund, D.list, D.add, D.approve, W.list, W.add, W.edit, W.remove];

const billsGrants: GrantDef[] = [
  { role: '0', menus: [MENU.traderCenter, MENU.billsPayable, MENU.payerBadDebt, SETTLEMENT_GROUP, SETTLEMENT_MENU], permissions: [...PAYER_PERMISSIONS, D.payerList, SETTLEMENT_PERMISSION] },
  { role: 'customs_admin', menus: [MENU.expense, MENU.bill], permissions: PAYEE_PERMISSIONS },
  { role: 'PTGL', menus: [MENU.expense, MENU.bill, MENU.badDebt, MENU.writeoff, MENU.bankCenter, MENU.receivable], permissions: PLATFORM_PERMISSIONS },
  // The bank's receivables: core grants them once the fx area's seed has created the role.
  { role: 'BANK', menus: [MENU.bankCenter, MENU.receivable], permissions: [B.receivableList, B.confirmReceipt], legacySeed: 'finance/bills-bank-receivable' },
];

/** A demo bill owed to the bank: the bank user is created by the fx area, which finance lists first. */
const bankReceivableSeed: Seed = {
  name: 'bills-bank-receivable',
  once: true,
  async run(knex) {
    await bankDemoBill(knex);
  },
};

const perm = (code: string, key: string, menu: string, mandatory = false) => ({ code, titleKey: `finance:bills.perm.${key}`, menu, mandatory });

export const billsArea: PluginArea = {
  key: 'bills',
  menus: [
    expenseGroup([
      { key: MENU.bill, path: '/expense/bill', titleKey: 'finance:bills.menu.bill', order: 40 },
      { key: MENU.writeoff, path: '/expense/writeoff', titleKey: 'finance:bills.menu.writeoff', order: 60 },
    ]),
    {
      key: MENU.traderCenter,
      path: '/traderCenter',
      titleKey: 'finance:bills.menu.traderCenter',
      children: [{ key: MENU.billsPayable, path: '/traderCenter/billsPayable', titleKey: 'finance:bills.menu.billsPayable', order: 20 }],
    },
    bankCenterGroup([{ key: MENU.receivable, path: '/bankCenter/receivable', titleKey: 'finance:bills.menu.receivable', order: 30 }]),
    {
      key: SETTLEMENT_GROUP,
      path: '/unifiedSettlement',
      titleKey: 'finance:bills.menu.settlement',
      icon: 'Payments',
      order: 300,
      children: [{ key: SETTLEMENT_MENU, path: '/unifiedSettlement/settlementManage', titleKey: 'finance:bills.menu.settlementManage', order: 10 }],
    },
  ],
  permissions: [
    perm(B.list, 'list', MENU.bill, true),
    perm(B.add, 'add', MENU.bill),
    perm(B.edit, 'edit', MENU.bill),
    perm(B.remove, 'remove', MENU.bill),
    perm(B.push, 'push', MENU.bill),
    perm(B.confirmReceipt, 'confirmReceipt', MENU.bill),
    perm(B.reviewRefund, 'reviewRefund', MENU.bill),
    perm(B.payableList, 'payableList', MENU.billsPayable, true),
    perm(B.receivableList, 'receivableList', MENU.receivable, true),
    perm(B.confirm, 'confirm', MENU.billsPayable),
    perm(B.giveBack, 'giveBack', MENU.billsPayable),
    perm(B.pay, 'pay', MENU.billsPayable),
    perm(B.requestRefund, 'requestRefund', MENU.billsPayable),
    // Approving allows two transitions (approve, reject); the bad-debt screens derive the rest.
    perm(D.approve, 'badDebtApprove', MENU.badDebt),
    perm(SETTLEMENT_PERMISSION, 'settlement', SETTLEMENT_MENU, true),
    perm(W.list, 'writeoffList', MENU.writeoff, true),
    perm(W.add, 'writeoffAdd', MENU.writeoff),
    perm(W.edit, 'writeoffEdit', MENU.writeoff),
    perm(W.remove, 'writeoffRemove', MENU.writeoff),
  ],
  screens,
  routes: [{ path: 'api/finance/bills/statement', file: 'bills/routes/api.statement.ts', layout: 'none' }],
  openapi: (doc) => {
    doc.paths['/api/finance/bills/statement'] = {
      get: {
        tags: ['finance: bills'],
        summary: `The signed-in payer's bills as an XLSX statement (${SETTLEMENT_PERMISSION})`,
        operationId: 'finance_bills_statement',
        'x-permission': SETTLEMENT_PERMISSION,
        responses: { 200: fileResponse('XLSX statement', [XLSX]), ...errors('Forbidden') },
      },
    };
  },
  migrations: [billsMigration],
  grants: billsGrants,
  seeds: [billsDemo, badDebtsAndWriteoffsDemo, bankReceivableSeed],
  resources: [billResource, billPayableResource, receivableResource, badDebtResource, payerBadDebtResource, writeoffResource],
  screenResources: [settlementBillResource],
  // Bills, through the bills' own list permission and scope (or the bad-debt and write-off forms').
  lookups: { unpaidBills: defineLookup({ resource: 'finance.bill' }, unpaidBills), billsToVerify: defineLookup({ resource: 'finance.bill' }, billsToVerify) },
  services: { 'handoff.serviceBill': serviceBillReceiver, [PARTY_BILLS]: partyBills },
  locales: { zh, en, my },
};
