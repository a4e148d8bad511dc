// Finance area "fees" (SPEC §2 Expense Management: charging rule, fee item; §3 Fee item /
// rate; §5 fees; §9 settlement methods): fee items and rates, charging rules with tiers, the
// rule engine (engine.ts), operation records, and the periodic billing job.
// Other areas use linesForServiceOrder (charging.server.ts) and the engine; other plugins the
// `charging.rules` service (a named rule's charge for a dispatch fee's facts).
import { CHARGING_RULES, defineJob, type PluginArea, type Seed } from '@core/shared';
import { auditColumns, errors, json, okResponse } from '@core/server';
import { FEE_PERMISSIONS, MENU } from './fee';
import { chargingRuleResource, feeItemResource, feeLookups, operationRecordResource } from './fee.server';
import { chargingRules, linesForServiceOrder } from './charging.server';
import { periodicBillsJob } from './periodic.job';
import { operationRecordsDemo } from './demo';
import { screens } from './screens';
import { expenseGroup, permissionsOf } from '../common';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

/** A few realistic fee items and rules at a China–Myanmar border port. */
const feesDemo: Seed = {
  name: 'fees-demo',
  once: true,
  async run(knex) {
    if (await knex('fin_fee_item').first()) return;
    const admin = await knex('sys_user').where({ username: 'admin' }).first();
    const by = admin ? Number(admin.id) : null;
    const now = new Date();
    const stamp = { created_at: now, created_by: by, updated_at: now, updated_by: by, version: 1 };
    const item = async (v: Record<string, unknown>) => Number((await knex('fin_fee_item').insert({ ...v, valid: 1, currency: 'RMB', ...stamp }))[0]);
    const rule = (v: Record<string, unknown>) =>
      knex('fin_fee_rule').insert({ tiers: '[]', free_days: 0, time_unit: 'day', effective_from: '2026-01-01', effective_to: null, customer_user_id: null, contract_no: null, priority: 0, valid: 1, ...v, ...stamp });
    const storage = await item({ name: '仓储费', rate_name: '堆场仓储费率', billing_object: 'cargo', billing_method: 'timeTiered', standard: '2.0000', unit: '吨', settlement_method: 'monthly' });
    await rule({
      fee_item_id: storage,
      rule_name: '仓储费 免7天阶梯',
      method: 'timeTiered',
      price: '5.0000',
      unit: '吨',
      free_days: 7,
      tiers: JSON.stringify([
        { from: '8', to: '15', price: '2' },
        { from: '16', to: '30', price: '3' },
      ]),
    });
    const loading = await item({ name: '装车费', rate_name: '装车费率', billing_object: 'cargo', billing_method: 'perQuantity', standard: '8.5000', unit: '吨', settlement_method: 'monthly' });
    await rule({ fee_item_id: loading, rule_name: '装车费 每吨', method: 'perQuantity', price: '8.5000', unit: '吨' });
    const trader = await knex('sys_user').where({ username: 'trader' }).first();
    if (trader) await rule({ fee_item_id: loading, rule_name: '装车费 德宏边贸协议价', method: 'perQuantity', price: '7.8000', unit: '吨', customer_user_id: trader.id });
    const weighing = await item({ name: '过磅费', rate_name: '过磅费率', billing_object: 'vehicle', billing_method: 'fixed', standard: '30.0000', unit: '车次', settlement_method: 'daily' });
    await rule({ fee_item_id: weighing, rule_name: '过磅费 每车次', method: 'fixed', price: '30.0000', unit: '车次' });
    const declaration = await item({ name: '报关服务费', rate_name: '报关服务费率', billing_object: 'serviceOrder', billing_method: 'fixed', standard: '200.0000', unit: '票', settlement_method: 'ticket' });
    await rule({ fee_item_id: declaration, rule_name: '报关服务费 每票', method: 'fixed', price: '200.0000', unit: '票' });
  },
};

export const feesArea: PluginArea = {
  key: 'fees',
  menus: [expenseGroup([{ key: MENU.chargingRule, path: '/expense/chargingRule', titleKey: 'finance:fees.menu.chargingRule', order: 20 }])],
  // Charging rules have a hand-written screen; fee items and operation records derive theirs.
  permissions: permissionsOf(FEE_PERMISSIONS, 'finance:fees.perm', () => MENU.chargingRule, 'ruleList', ['ruleList', 'ruleAdd', 'ruleEdit', 'ruleRemove', 'ruleTrial']),
  routes: [
    { path: 'api/finance/fees/trial', file: 'fees/routes/api.trial.ts', layout: 'none' },
  ],
  screens,
  openapi: (doc) => {
    const money = { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' };
    doc.paths['/api/finance/fees/trial'] = {
      post: {
        tags: ['finance: charging rules'],
        summary: `Trial calculation (试算): the fee lines the rules give for an entered case (${FEE_PERMISSIONS.ruleTrial})`,
        operationId: 'finance_fees_trial',
        'x-permission': FEE_PERMISSIONS.ruleTrial,
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            properties: {
              date: { type: 'string', format: 'date' },
              quantity: { type: ['string', 'number', 'null'] },
              days: { type: ['integer', 'null'] },
              customerUserId: { type: ['integer', 'null'] },
              contractNo: { type: ['string', 'null'] },
              billingObject: { type: ['string', 'null'] },
              ruleId: { type: ['integer', 'null'] },
            },
            required: ['date'],
          }),
        },
        responses: { 200: okResponse('fee lines and their total', { type: 'object', properties: { lines: { type: 'array', items: { type: 'object' } }, total: money }, required: ['lines', 'total'] }), ...errors('Forbidden') },
      },
    };
  },
  migrations: [
    {
      name: 'fees_001',
      async up(knex) {
        await knex.schema.createTable('fin_fee_item', (t) => {
          t.increments('id');
          t.string('name', 50).notNullable();
          t.string('rate_name', 50).notNullable();
          t.string('billing_object', 20).notNullable();
          t.string('billing_method', 20).notNullable();
          t.decimal('standard', 18, 4).notNullable();
          t.string('unit', 20).nullable();
          t.string('currency', 3).notNullable();
          t.string('settlement_method', 10).notNullable();
          t.boolean('valid').notNullable().defaultTo(true);
          t.string('remark', 500).nullable();
          auditColumns(t);
        });
        await knex.schema.createTable('fin_fee_rule', (t) => {
          t.increments('id');
          t.integer('fee_item_id').notNullable().index();
          t.string('rule_name', 50).notNullable();
          t.string('method', 20).notNullable();
          t.decimal('price', 18, 4).notNullable();
          t.string('unit', 20).nullable();
          // [{from, to, price}] as decimal strings; see engine.ts for the tier conventions.
          t.text('tiers').notNullable();
          t.integer('free_days').notNullable().defaultTo(0);
          t.string('time_unit', 10).notNullable().defaultTo('day');
          t.date('effective_from').notNullable();
          t.date('effective_to').nullable();
          t.integer('customer_user_id').nullable().index();
          t.string('contract_no', 50).nullable();
          t.integer('priority').notNullable().defaultTo(0);
          t.boolean('valid').notNullable().defaultTo(true);
          auditColumns(t);
        });
        await knex.schema.createTable('fin_operation_record', (t) => {
          t.increments('id');
          t.integer('customer_user_id').notNullable();
          t.string('billing_object', 20).notNullable();
          t.integer('fee_item_id').nullable();
          t.decimal('quantity', 18, 4).notNullable();
          t.integer('days').nullable();
          t.date('op_date').notNullable();
          t.string('reference', 64).notNullable();
          t.string('bill_serial_no', 64).nullable();
          auditColumns(t);
          t.index(['op_date', 'customer_user_id']);
        });
        await knex.schema.createTable('fin_periodic_bill', (t) => {
          t.increments('id');
          t.string('source_key', 100).notNullable().unique();
          t.integer('customer_user_id').notNullable();
          t.string('period', 10).notNullable();
          t.string('cycle', 10).notNullable();
          t.string('currency', 3).notNullable();
          t.integer('bill_id').notNullable();
          t.string('serial_no', 64).notNullable();
          t.datetime('created_at', { precision: 3 }).notNullable();
        });
      },
      async down(knex) {
        for (const table of ['fin_periodic_bill', 'fin_operation_record', 'fin_fee_rule', 'fin_fee_item']) await knex.schema.dropTableIfExists(table);
      },
    },
  ],
  grants: [{ role: 'PTGL', menus: [MENU.group, MENU.feeItem, MENU.chargingRule, MENU.operationRecord], permissions: Object.values(FEE_PERMISSIONS) }],
  seeds: [feesDemo, operationRecordsDemo],
  resources: [feeItemResource, chargingRuleResource, operationRecordResource],
  lookups: feeLookups,
  jobs: [defineJob(periodicBillsJob)],
  services: { linesForServiceOrder, [CHARGING_RULES]: chargingRules },
  locales: { zh, en, my },
};
