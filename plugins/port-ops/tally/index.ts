// Port-ops area "tally" (SPEC §2 /cargoManagement: inboundPlan, outboundPlan, workConfirmation,
// weightRecords): the customers' planned goods movements into and out of the port yard, the
// tally clerks' confirmation of the work done against them, and the weighbridge's records.
// Dispatch saves its waybills' weighings through recordWeight (weight.server.ts).
import type { PermissionDef, PluginArea } from '@core/shared';
import { auditColumns } from '@core/server';
import { tallyGroup } from '../common';
import { GROUP, K, MENU, PLAN_PERMISSIONS, SHIPPER_ROLE, WORK_PERMISSIONS } from './plan';
import { WEIGHT_PERMISSIONS } from './weight';
import { yardPlanLookup, yardPlanResource } from './plan.server';
import { workResource } from './work.server';
import { weightResource } from './weight.server';
import { tallyDemo } from './demo';
import { screens } from './screens';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export { recordWeight } from './weight.server';

// The work permissions sit under the work screen (the plan's progress moves name them too).
const workPermissions: PermissionDef[] = [
  { code: WORK_PERMISSIONS.list, titleKey: 'core:resource.view', menu: MENU.work, mandatory: true },
  { code: WORK_PERMISSIONS.add, titleKey: `${K}.perm.workAdd`, menu: MENU.work },
  { code: WORK_PERMISSIONS.void, titleKey: `${K}.workAction.void`, menu: MENU.work },
  { code: WORK_PERMISSIONS.override, titleKey: `${K}.perm.workOverride`, menu: MENU.work },
];

export const tallyArea: PluginArea = {
  key: 'tally',
  menus: [tallyGroup([])],
  permissions: workPermissions,
  screens,
  resources: [yardPlanResource, workResource, weightResource],
  lookups: { yardPlans: yardPlanLookup },
  migrations: [
    {
      name: 'tally_001',
      async up(knex) {
        await knex.schema.createTable('ops_yard_plan', (t) => {
          t.increments('id');
          t.string('plan_no', 32).notNullable().unique();
          t.string('direction', 8).notNullable();
          t.integer('customer_id').unsigned().notNullable().references('id').inTable('ops_customer');
          t.string('goods_code', 30).notNullable();
          t.date('plan_date').notNullable();
          t.string('yard_code', 30).notNullable();
          t.string('berth_code', 30).nullable();
          t.integer('planned_pieces').nullable();
          t.decimal('planned_tonnes', 12, 3).nullable();
          t.integer('done_pieces').notNullable().defaultTo(0);
          t.decimal('done_tonnes', 12, 3).notNullable().defaultTo(0);
          t.string('status', 16).notNullable().defaultTo('draft');
          t.string('status_note', 200).nullable();
          t.string('remark', 200).nullable();
          auditColumns(t);
          t.index(['direction', 'status']);
          t.index(['customer_id']);
          t.index(['plan_date']);
        });
        await knex.schema.createTable('ops_work_confirmation', (t) => {
          t.increments('id');
          t.integer('plan_id').unsigned().notNullable().references('id').inTable('ops_yard_plan');
          t.integer('pieces').nullable();
          t.decimal('tonnes', 12, 3).nullable();
          t.string('yard_slot', 30).notNullable();
          t.string('team', 50).notNullable();
          t.datetime('start_at', { precision: 3 }).notNullable();
          t.datetime('end_at', { precision: 3 }).notNullable();
          t.boolean('override').notNullable().defaultTo(false);
          t.string('override_reason', 200).nullable();
          t.string('status', 16).notNullable().defaultTo('confirmed');
          t.string('void_reason', 200).nullable();
          auditColumns(t);
          t.index(['plan_id', 'status']);
        });
        await knex.schema.createTable('ops_weight_record', (t) => {
          t.increments('id');
          t.string('plate_no', 20).notNullable();
          t.string('plate_country', 2).nullable();
          t.string('direction', 8).notNullable();
          t.decimal('gross', 8, 2).notNullable();
          t.decimal('tare', 8, 2).notNullable();
          t.decimal('net', 8, 2).notNullable();
          t.datetime('weighed_at', { precision: 3 }).notNullable();
          t.string('operator_name', 50).nullable();
          t.integer('plan_id').unsigned().nullable().references('id').inTable('ops_yard_plan');
          t.integer('customer_id').unsigned().nullable().references('id').inTable('ops_customer');
          t.integer('waybill_id').nullable();
          t.string('remark', 200).nullable();
          auditColumns(t);
          t.index(['plate_no']);
          t.index(['weighed_at']);
          t.index(['plan_id']);
          t.index(['customer_id']);
          t.index(['waybill_id']);
        });
      },
      async down(knex) {
        for (const table of ['ops_weight_record', 'ops_work_confirmation', 'ops_yard_plan']) await knex.schema.dropTableIfExists(table);
      },
    },
    {
      // Weighbridge readings to the kilogram, as the waybills' weighings that dispatch records
      // here (decimal(10,3) there too). On SQLite knex rebuilds the table, keeping its rows.
      name: 'tally_002',
      async up(knex) {
        await knex.schema.alterTable('ops_weight_record', (t) => {
          for (const column of ['gross', 'tare', 'net']) t.decimal(column, 10, 3).notNullable().alter();
        });
      },
      async down(knex) {
        await knex.schema.alterTable('ops_weight_record', (t) => {
          for (const column of ['gross', 'tare', 'net']) t.decimal(column, 8, 2).notNullable().alter();
        });
      },
    },
  ],
  grants: [
    // The platform's operators plan, confirm work, override and weigh.
    {
      role: 'PTGL',
      menus: [GROUP, ...Object.values(MENU)],
      permissions: [...Object.values(PLAN_PERMISSIONS), ...Object.values(WORK_PERMISSIONS), ...Object.values(WEIGHT_PERMISSIONS)],
    },
    // A shipper: their customer's plans and weighings, read-only.
    { role: SHIPPER_ROLE, menus: [GROUP, MENU.inbound, MENU.outbound, MENU.weight], permissions: [PLAN_PERMISSIONS.list, WEIGHT_PERMISSIONS.list] },
  ],
  seeds: [tallyDemo],
  locales: { zh, en, my },
};
