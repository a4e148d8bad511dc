// Port-ops area "fleet" (SPEC §2 /fleetassets): fleets, their vehicles and drivers with the
// papers a dispatch depends on, a daily reminder of papers running out, and the carriers' own
// logins (a fleet's dispatcher, a driver) who see only their own.
import i18next from 'i18next';
import { defineJob, type PluginArea } from '@core/shared';
import { auditColumns } from '@core/server';
import { fleetGroup } from '../common';
import { DRIVER_PERMISSIONS, DRIVER_ROLE, FLEET_PERMISSIONS, FLEET_ROLE, VEHICLE_PERMISSIONS } from './fleet';
import { driverResource, fleetLookups, fleetResource, vehicleResource } from './fleet.server';
import { expiringPapers, reminderText } from './expiry.server';
import { fleetDemoSeed, fleetLoginsSeed } from './demo';
import { screens } from './screens';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

const MENUS = ['fleetassets', 'fleetassets.fleetinfo', 'fleetassets.carinfo', 'fleetassets.driverinfo'];
const F = FLEET_PERMISSIONS;
const V = VEHICLE_PERMISSIONS;
const D = DRIVER_PERMISSIONS;

/** The reminder's days of warning. */
export const REMINDER_DAYS = 30;

/** The job log is written in the platform's default language. */
const zhT = () => {
  const i = i18next.createInstance();
  void i.init({ lng: 'zh', resources: { zh: { portops: { fleet: zh } } }, ns: ['portops'], defaultNS: 'portops', initImmediate: false, interpolation: { escapeValue: false } });
  return i.getFixedT('zh');
};

export const expiryReminderJob = defineJob({
  name: 'portops.fleetExpiryReminder',
  titleKey: 'portops:fleet.job.expiryReminder',
  // Every morning at 07:00 (platform time), before the day's dispatching.
  cron: '0 0 7 * * *',
  // A read-only list: parallel runs are harmless; a missed morning is worth catching up.
  exclusive: false,
  catchUp: true,
  async process(ctx) {
    const on = typeof ctx.data.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(ctx.data.date) ? ctx.data.date : new Date();
    return reminderText(zhT(), await expiringPapers(ctx.knex, on, REMINDER_DAYS), REMINDER_DAYS);
  },
});

export const fleetArea: PluginArea = {
  key: 'fleet',
  menus: [fleetGroup([])],
  screens,
  resources: [fleetResource, vehicleResource, driverResource],
  lookups: fleetLookups,
  jobs: [expiryReminderJob],
  migrations: [
    {
      name: 'fleet_001',
      async up(knex) {
        await knex.schema.createTable('ops_fleet', (t) => {
          t.increments('id');
          t.string('name', 100).notNullable().unique();
          t.string('credit_code', 18).notNullable().unique();
          t.string('contact', 50).notNullable();
          t.string('phone', 30).notNullable();
          t.string('address', 200).notNullable();
          t.string('transport_licence_no', 50).notNullable();
          t.boolean('dg_licensed').notNullable().defaultTo(false);
          t.string('dg_licence_no', 50).nullable();
          t.date('dg_licence_expiry').nullable();
          t.integer('user_id').nullable().unique();
          t.string('status', 16).notNullable().defaultTo('normal');
          t.string('status_note', 200).nullable();
          t.string('remark', 200).nullable();
          auditColumns(t);
        });
        await knex.schema.createTable('ops_vehicle', (t) => {
          t.increments('id');
          t.string('plate_no', 20).notNullable().unique();
          t.string('plate_country', 2).nullable();
          t.string('vehicle_type', 16).notNullable();
          t.integer('axles').notNullable();
          t.decimal('rated_load', 8, 2).notNullable();
          t.integer('fleet_id').unsigned().notNullable().references('id').inTable('ops_fleet');
          t.string('licence_no', 30).notNullable();
          t.date('insurance_expiry').notNullable();
          t.date('inspection_expiry').notNullable();
          t.integer('insurance_file_id').nullable();
          t.integer('inspection_file_id').nullable();
          t.string('status', 16).notNullable().defaultTo('normal');
          t.string('status_note', 200).nullable();
          t.string('remark', 200).nullable();
          auditColumns(t);
          t.index(['fleet_id']);
          t.index(['insurance_expiry']);
          t.index(['inspection_expiry']);
        });
        await knex.schema.createTable('ops_driver', (t) => {
          t.increments('id');
          t.string('name', 50).notNullable();
          t.string('id_type', 16).notNullable();
          t.string('id_no', 30).notNullable();
          t.string('licence_class', 4).notNullable();
          t.string('licence_no', 30).notNullable();
          t.date('licence_expiry').notNullable();
          t.string('phone', 30).notNullable();
          t.integer('fleet_id').unsigned().notNullable().references('id').inTable('ops_fleet');
          t.integer('user_id').nullable().unique();
          t.string('status', 16).notNullable().defaultTo('normal');
          t.string('status_note', 200).nullable();
          t.string('remark', 200).nullable();
          auditColumns(t);
          t.unique(['id_type', 'id_no']);
          t.index(['fleet_id']);
          t.index(['licence_expiry']);
        });
      },
      async down(knex) {
        for (const table of ['ops_driver', 'ops_vehicle', 'ops_fleet']) await knex.schema.dropTableIfExists(table);
      },
    },
  ],
  grants: [
    // The platform's dispatch operators keep every carrier's records.
    { role: 'PTGL', menus: MENUS, permissions: [...Object.values(F), ...Object.values(V), ...Object.values(D)] },
    // A fleet's dispatcher: their own fleet's record (edit, not create, delete or suspend it), and their vehicles and drivers in full.
    { role: FLEET_ROLE, menus: MENUS, permissions: [F.list, F.edit, ...Object.values(V), ...Object.values(D)] },
    // A driver: their own record, read-only.
    { role: DRIVER_ROLE, menus: ['fleetassets', 'fleetassets.driverinfo'], permissions: [D.list] },
  ],
  // The roles and logins first: the demo links them to a fleet and a driver.
  seeds: [fleetLoginsSeed, fleetDemoSeed],
  locales: { zh, en, my },
};
