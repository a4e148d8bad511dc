// Finance area "fx" (see core/areas.ts): foreign-exchange settlement / remittance
// applications with the platform's and the bank's review, the bank business center, and
// cross-border RMB payment/receipt statements.
import type { PluginArea, Seed } from '@core/shared';
import { auditColumns, seedDemoLogins } from '@core/server';
import { FX_PERMISSIONS } from './fx';
import { fxApplicationResource } from './fx.server';
import { RMB_PERMISSIONS } from './rmb';
import { rmbStatementResource } from './rmb.server';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';
import { fxDemo } from './demo';
import { screens } from './screens';
import { bankCenterGroup, expenseGroup, permissionsOf } from '../common';

export const FX_MENU = 'expense.fxSettlement';
export const RMB_MENU = 'expense.rmbStatement';
export const BANK_MENU = 'bankCenter.remittanceReview';
export const BANK_ROLE = 'BANK';

/** The demo bank: role BANK (银行) and the login `bank` of 中国银行瑞丽分行. */
const bankSeed: Seed = {
  name: 'fx-bank',
  once: true,
  async run(knex, password) {
    await seedDemoLogins(knex, password, [{ code: BANK_ROLE, name: '银行', remark: '报关银行业务中心', orderNum: 20 }], [
      { username: 'bank', nickname: '银行审核员', userType: 3, roles: [BANK_ROLE], company: '中国银行瑞丽分行' },
    ]);
  },
};

const F = FX_PERMISSIONS;
const R = RMB_PERMISSIONS;
const APPLICANT = [F.list, F.add, F.edit, F.remove, F.submit, R.list, R.add, R.edit, R.remove];

export const fxArea: PluginArea = {
  key: 'fx',
  menus: [
    expenseGroup([
      { key: FX_MENU, path: '/expense/fxSettlement', titleKey: 'finance:fx.menu.fxSettlement', order: 65 },
      { key: RMB_MENU, path: '/expense/rmbStatement', titleKey: 'finance:fx.menu.rmbStatement', order: 70 },
    ]),
    bankCenterGroup([{ key: BANK_MENU, path: '/bankCenter/remittanceReview', titleKey: 'finance:fx.menu.remittanceReview', order: 50 }]),
  ],
  permissions: [
    // The bank reviews and settles on its own screen; the applicant and the platform work on the FX one.
    ...permissionsOf(FX_PERMISSIONS, 'finance:fx.perm', (k) => (k === 'bankReview' || k === 'settle' ? BANK_MENU : FX_MENU), 'list'),
    ...permissionsOf(RMB_PERMISSIONS, 'finance:fx.rmbPerm', () => RMB_MENU, 'list'),
  ],
  screens,
  migrations: [
    {
      name: 'fx_001',
      async up(knex) {
        await knex.schema.createTable('fin_fx_application', (t) => {
          t.increments('id');
          t.string('app_no', 32).notNullable().unique();
          t.string('status', 16).notNullable();
          t.integer('applicant_user_id').notNullable();
          t.string('applicant_name', 100).nullable();
          t.string('payer_name', 100).notNullable();
          t.string('payer_account', 40).notNullable();
          t.string('payer_bank', 100).notNullable();
          t.string('beneficiary_name', 100).notNullable();
          t.string('beneficiary_account', 40).notNullable();
          t.string('beneficiary_bank', 100).notNullable();
          t.string('beneficiary_bank_address', 200).notNullable();
          t.string('swift_code', 11).notNullable();
          t.decimal('amount', 18, 2).notNullable();
          t.string('currency', 3).notNullable();
          t.string('pay_method', 4).notNullable();
          t.string('urgency', 8).notNullable();
          t.string('pay_mode', 8).notNullable();
          t.string('contract_no', 50).nullable();
          t.string('bill_no', 50).nullable();
          t.string('postscript', 140).nullable();
          t.integer('permit_file_id').nullable();
          t.string('platform_audit_desc', 500).nullable();
          t.datetime('platform_reviewed_at', { precision: 3 }).nullable();
          t.integer('platform_reviewed_by').nullable();
          t.string('bank_audit_desc', 500).nullable();
          t.datetime('bank_reviewed_at', { precision: 3 }).nullable();
          t.integer('bank_reviewed_by').nullable();
          t.datetime('submitted_at', { precision: 3 }).nullable();
          t.datetime('settled_at', { precision: 3 }).nullable();
          auditColumns(t);
          t.index(['applicant_user_id', 'status']);
          t.index(['status']);
        });
        await knex.schema.createTable('fin_rmb_statement', (t) => {
          t.increments('id');
          t.integer('owner_user_id').notNullable();
          t.date('receipt_date').notNullable();
          t.string('payer_name', 100).notNullable();
          t.string('org_code', 10).notNullable();
          t.decimal('total_amount', 18, 2).notNullable();
          t.decimal('goods_trade_amount', 18, 2).nullable();
          t.decimal('service_trade_amount', 18, 2).nullable();
          t.decimal('capital_amount', 18, 2).nullable();
          t.decimal('advance_payment', 18, 2).nullable();
          t.decimal('contract_ratio', 5, 2).nullable();
          t.integer('days').nullable();
          t.string('balance_code', 20).nullable();
          t.string('contact_person', 50).notNullable();
          t.string('contact_mobile', 20).notNullable();
          t.string('legal_org_name', 100).notNullable();
          t.string('collection_instruction', 200).nullable();
          t.integer('collection_file_id').nullable();
          t.string('remarks', 500).nullable();
          auditColumns(t);
          t.index(['owner_user_id']);
        });
        await knex.schema.createTable('fin_rmb_statement_decl', (t) => {
          t.increments('id');
          t.integer('statement_id').notNullable();
          t.integer('seq').notNullable();
          t.integer('decl_year').notNullable();
          t.integer('decl_month').notNullable();
          t.date('decl_date').notNullable();
          t.decimal('customs_amount', 18, 2).notNullable();
          t.string('currency', 3).notNullable();
          t.unique(['statement_id', 'currency']);
          t.index(['statement_id', 'seq']);
        });
      },
      async down(knex) {
        await knex.schema.dropTableIfExists('fin_rmb_statement_decl');
        await knex.schema.dropTableIfExists('fin_rmb_statement');
        await knex.schema.dropTableIfExists('fin_fx_application');
      },
    },
  ],
  grants: [
    ...['0', 'customs_admin'].map((role) => ({ role, menus: ['expense', FX_MENU, RMB_MENU], permissions: APPLICANT })),
    { role: 'PTGL', menus: ['expense', FX_MENU], permissions: [F.list, F.platformReview] },
    { role: BANK_ROLE, menus: ['bankCenter', BANK_MENU], permissions: [F.list, F.bankReview, F.settle] },
  ],
  seeds: [bankSeed, fxDemo],
  resources: [fxApplicationResource, rmbStatementResource],
  locales: { zh, en, my },
};
