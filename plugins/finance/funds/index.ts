// Finance area "funds" (SPEC /price, §6 fund reminder, §7 payAdvance): customers' advance-payment
// sub-accounts and their ledger, advance receipts, the top-bar fund reminder and its daily job.
// Other areas move money only through debitFunds/creditFunds in funds.server.ts.
import type { TFunction } from 'i18next';
import { defineJob, type PluginArea, type Seed } from '@core/shared';
import { SPEC_BADGE_VISIBILITY, auditColumns } from '@core/server';
import { FUNDS_PERMISSIONS, MENU_GROUP, MENU_LEDGER, MENU_RECEIPTS } from './funds';
import { fundsOpenApi } from './openapi';
import { advanceReceiptResource, fundCustomers, fundLedgerResource, fundReminderCount, fundReminderPage, openSubAccount, subAccountResource } from './funds.server';
import { advanceReceiptsDemo } from './demo';
import { screens } from './screens';
import { permissionsOf } from '../common';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

/** Seeds write no user-facing text: message keys stand in for translations. */
const keyT = ((key: string) => key) as unknown as TFunction;

const fundsDemo: Seed = {
  name: 'funds-demo',
  once: true,
  async run(knex) {
    const userId = async (username: string) => (await knex('sys_user').where({ username }).first())?.id as number | undefined;
    const trader = await userId('trader');
    const broker = await userId('broker');
    await knex.transaction(async (trx) => {
      // The USD and broker accounts sit under their thresholds, so the reminder has something to show.
      if (trader) {
        await openSubAccount(trx, { userId: trader, currency: 'RMB', initialAmount: '50000.00', reminderThreshold: '10000.00', t: keyT });
        await openSubAccount(trx, { userId: trader, currency: 'USD', initialAmount: '2000.00', reminderThreshold: '5000.00', t: keyT });
      }
      if (broker) await openSubAccount(trx, { userId: broker, currency: 'RMB', initialAmount: '800.00', reminderThreshold: '1000.00', t: keyT });
    });
  },
};

export const fundsArea: PluginArea = {
  key: 'funds',
  menus: [
    {
      key: MENU_GROUP,
      path: '/price',
      titleKey: 'finance:funds.menu.group',
      icon: 'AccountBalanceWallet',
      order: 420,
      children: [{ key: MENU_LEDGER, path: '/price/dlStrNdt', titleKey: 'finance:funds.menu.dlStrNdt', order: 20 }],
    },
  ],
  // The sub-ledger screen's (the advance receipts' screen derives its own).
  permissions: permissionsOf(FUNDS_PERMISSIONS, 'finance:funds.perm', () => MENU_LEDGER, 'ledgerList', ['ledgerList', 'initAccount', 'editThreshold']),
  screens,
  routes: [
    { path: 'api/payAdvance/zjCount', file: 'funds/routes/api.zjCount.ts', layout: 'none' },
    { path: 'api/payAdvance/selectZjtxList', file: 'funds/routes/api.selectZjtxList.ts', layout: 'none' },
  ],
  migrations: [
    {
      name: 'funds_001',
      async up(knex) {
        await knex.schema.createTable('fin_sub_account', (t) => {
          t.increments('id');
          t.integer('user_id').notNullable();
          t.string('customer_name', 100).notNullable();
          t.string('sub_acc_no', 32).notNullable().unique();
          t.string('currency', 3).notNullable();
          t.decimal('available', 18, 2).notNullable().defaultTo(0);
          t.decimal('actual', 18, 2).notNullable().defaultTo(0);
          t.decimal('frozen', 18, 2).notNullable().defaultTo(0);
          t.decimal('reminder_threshold', 18, 2).notNullable().defaultTo(0);
          t.decimal('overdraft_limit', 18, 2).notNullable().defaultTo(0);
          t.string('status', 16).notNullable().defaultTo('normal');
          auditColumns(t);
          t.unique(['user_id', 'currency']);
        });
        await knex.schema.createTable('fin_fund_ledger', (t) => {
          t.increments('id');
          t.integer('sub_account_id').unsigned().notNullable().references('fin_sub_account.id');
          t.string('tx_type', 32).notNullable();
          t.datetime('tx_time', { precision: 3 }).notNullable();
          t.string('host_flow_no', 64).notNullable().unique();
          t.string('counterparty_account', 40).nullable();
          t.string('counterparty_name', 100).nullable();
          t.string('counterparty_bank', 100).nullable();
          t.string('direction', 1).notNullable();
          t.decimal('amount', 18, 2).notNullable();
          t.decimal('balance_after', 18, 2).notNullable();
          t.decimal('fee', 18, 2).notNullable().defaultTo(0);
          t.string('memo', 200).nullable();
          t.string('currency', 3).notNullable();
          t.string('reference', 64).nullable();
          t.string('idempotency_key', 128).nullable().unique();
          t.datetime('created_at', { precision: 3 }).notNullable();
          t.integer('created_by').nullable();
          t.index(['sub_account_id', 'tx_time']);
          t.index(['tx_type']);
        });
      },
      async down(knex) {
        await knex.schema.dropTableIfExists('fin_fund_ledger');
        await knex.schema.dropTableIfExists('fin_sub_account');
      },
    },
  ],
  grants: [
    { role: '0', menus: [MENU_GROUP, MENU_LEDGER], permissions: [FUNDS_PERMISSIONS.ledgerList], legacySeed: 'finance/funds-demo' },
    { role: 'customs_admin', menus: [MENU_GROUP, MENU_LEDGER], permissions: [FUNDS_PERMISSIONS.ledgerList], legacySeed: 'finance/funds-demo' },
    { role: 'PTGL', menus: [MENU_GROUP, MENU_LEDGER, MENU_RECEIPTS], permissions: Object.values(FUNDS_PERMISSIONS), legacySeed: 'finance/funds-demo' },
  ],
  seeds: [fundsDemo, advanceReceiptsDemo],
  resources: [subAccountResource, fundLedgerResource, advanceReceiptResource],
  lookups: { fundCustomers },
  badges: [
    {
      key: 'fundReminder',
      titleKey: 'finance:funds.badge',
      icon: 'Payments',
      order: 40,
      ...SPEC_BADGE_VISIBILITY.fundReminder,
      count: (ctx, user) => fundReminderCount(ctx.knex, user),
      // SPEC §6: the badge opens the fund list (Fund row), page 1, size 10.
      list: {
        columns: [
          { field: 'customerName', labelKey: 'finance:funds.customerName' },
          { field: 'subAccNo', labelKey: 'finance:funds.subAccNo' },
          { field: 'remainingMoney', labelKey: 'finance:funds.remainingMoney', kind: 'money' },
        ],
        load: (ctx, user, page, pageSize) => fundReminderPage(ctx.knex, user, page, pageSize),
        moreHref: '/price/dlStrNdt?tab=accounts',
      },
    },
  ],
  jobs: [
    defineJob({
      name: 'finance.fundReminder',
      titleKey: 'finance:funds.job',
      cron: '0 0 8 * * *',
      // A daily reminder: once a day, and the day's reminder still goes out after an outage.
      exclusive: true,
      catchUp: true,
      async process(ctx) {
        const n = await fundReminderCount(ctx.knex, null);
        // No SMS gateway: the reminder reaches people through the top-bar badge and its list.
        ctx.log(`sub-accounts below their reminder threshold: ${n}`);
        return `below threshold: ${n} (no SMS sent; shown in the top-bar fund reminder)`;
      },
    }),
  ],
  openapi: fundsOpenApi,
  locales: { zh, en, my },
};
