// Port-ops area "dispatch" (SPEC §2 /intelligentdispatch: fleetwaybill, driverwaybill,
// driveroperation; issue 13): the waybill of each truck trip — dispatched by the platform or a
// fleet to one of its vehicles and drivers, priced from the customer's contract, driven step by
// step by the driver on their phone, its loss checked against the line's tolerance — and the
// dispatch board of the day.
import type { PluginArea } from '@core/shared';
import { auditColumns } from '@core/server';
import { dispatchGroup } from '../common';
import { DRIVER_ROLE, FLEET_ROLE } from '../fleet/fleet';
import { SHIPPER_ROLE } from '../customers/common';
import { K, MENU, WAYBILL_PERMISSIONS } from './waybill';
import { waybillResource } from './waybill.server';
import { orderLookups } from './order.server';
import { waybillDemo } from './demo';
import { underLoad } from './loss';
import { UNDERLOAD_TOLERANCE_DEFAULT } from '../customers/line';
import { screens } from './screens';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

export { dispatchWaybill, waybillStep, boardCounts } from './waybill.server';

const P = WAYBILL_PERMISSIONS;
const GROUP = 'intelligentdispatch';

export const dispatchArea: PluginArea = {
  key: 'dispatch',
  menus: [
    dispatchGroup([
      { key: MENU.driverOperation, path: '/intelligentdispatch/driveroperation', titleKey: `${K}.menu.driveroperation`, order: 40 },
      { key: MENU.board, path: '/intelligentdispatch/board', titleKey: `${K}.menu.board`, order: 50 },
    ]),
  ],
  // The driver's page and the board are hand-written pages; their menus guard them. The driver's
  // page is made for a phone: the bare layout (no sidebar), its own small header.
  permissions: [{ code: P.drive, titleKey: `${K}.action.drive`, menu: MENU.driverOperation, mandatory: true }],
  routes: [
    { path: 'intelligentdispatch/driveroperation', file: 'dispatch/routes/driveroperation.tsx', layout: 'bare' },
    { path: 'intelligentdispatch/board', file: 'dispatch/routes/board.tsx' },
    { path: 'api/portops/waybill/step', file: 'dispatch/routes/api.step.ts', layout: 'none' },
  ],
  screens,
  resources: [waybillResource],
  lookups: orderLookups,
  migrations: [
    {
      name: 'dispatch_001',
      async up(knex) {
        await knex.schema.createTable('ops_waybill', (t) => {
          t.increments('id');
          t.string('waybill_no', 32).notNullable().unique();
          t.string('status', 16).notNullable();
          // Made from a cargo source / fleet order (areas built alongside; linked once both are in).
          t.integer('source_id').nullable();
          t.integer('fleet_order_id').nullable();
          // Other areas' rows (customers, lines, fleets, vehicles, drivers): migrations run in name
          // order (dispatch_ before fleet_), so no foreign keys to them; the dispatch checks each exists.
          t.integer('customer_id').unsigned().notNullable();
          t.integer('line_id').unsigned().notNullable();
          t.string('goods', 50).notNullable();
          t.integer('fleet_id').unsigned().notNullable();
          t.integer('vehicle_id').unsigned().notNullable();
          t.integer('driver_id').unsigned().notNullable();
          t.decimal('planned_tonnes', 10, 3).notNullable();
          // "YYYY-MM-DD HH:mm" in platform time: compared as text on either database.
          t.string('loading_from', 16).notNullable();
          t.string('loading_to', 16).notNullable();
          t.string('loading_point', 100).notNullable();
          t.string('unloading_point', 100).notNullable();
          // The price in force on the loading day, and where it came from.
          t.decimal('price', 18, 2).notNullable();
          t.string('price_unit', 16).notNullable();
          t.string('currency', 3).notNullable();
          t.integer('contract_id').nullable();
          t.string('contract_no', 32).nullable();
          t.integer('contract_line_id').nullable();
          t.integer('adjustment_id').nullable();
          t.decimal('loss_tolerance', 6, 2).notNullable();
          t.decimal('loading_gross', 10, 3).nullable();
          t.decimal('loading_tare', 10, 3).nullable();
          t.decimal('loaded_net', 10, 3).nullable();
          t.decimal('unloading_gross', 10, 3).nullable();
          t.decimal('unloading_tare', 10, 3).nullable();
          t.decimal('unloaded_net', 10, 3).nullable();
          t.integer('receipt_file_id').nullable();
          t.decimal('loss_tonnes', 10, 3).nullable();
          t.decimal('loss_permille', 8, 2).nullable();
          t.decimal('excess_loss', 10, 3).nullable();
          t.decimal('deduction_amount', 18, 2).nullable();
          t.string('loss_review', 16).notNullable().defaultTo('none');
          t.string('review_note', 200).nullable();
          t.datetime('reviewed_at', { precision: 3 }).nullable();
          t.integer('reviewed_by').nullable();
          t.string('status_note', 200).nullable();
          t.datetime('accepted_at', { precision: 3 }).nullable();
          t.datetime('loaded_at', { precision: 3 }).nullable();
          t.datetime('departed_at', { precision: 3 }).nullable();
          t.datetime('unloaded_at', { precision: 3 }).nullable();
          t.datetime('completed_at', { precision: 3 }).nullable();
          t.string('remark', 200).nullable();
          auditColumns(t);
          t.index(['vehicle_id', 'loading_from']);
          t.index(['driver_id', 'loading_from']);
          t.index(['fleet_id', 'status']);
          t.index(['customer_id']);
          t.index(['status']);
          t.index(['loading_from']);
          t.index(['source_id']);
          t.index(['fleet_order_id']);
        });
      },
      async down(knex) {
        await knex.schema.dropTableIfExists('ops_waybill');
      },
    },
    {
      // Under-loading: the line's tolerance the waybill keeps (next to its loss tolerance), what
      // the truck loaded short of its plan and the flag; waybills already loaded are flagged too.
      name: 'dispatch_002_underload',
      async up(knex) {
        await knex.schema.alterTable('ops_waybill', (t) => {
          t.decimal('underload_tolerance', 5, 2).notNullable().defaultTo(UNDERLOAD_TOLERANCE_DEFAULT);
          t.decimal('underload_tonnes', 10, 3).nullable();
          t.boolean('underloaded').notNullable().defaultTo(false);
        });
        const loaded: { id: number; planned_tonnes: unknown; loaded_net: unknown }[] = await knex('ops_waybill').whereNotNull('loaded_net').select('id', 'planned_tonnes', 'loaded_net');
        for (const w of loaded) {
          const u = underLoad(String(w.planned_tonnes), String(w.loaded_net), UNDERLOAD_TOLERANCE_DEFAULT);
          await knex('ops_waybill').where({ id: w.id }).update({ underload_tonnes: u.shortTonnes, underloaded: u.underloaded ? 1 : 0 });
        }
      },
      async down(knex) {
        await knex.schema.alterTable('ops_waybill', (t) => {
          t.dropColumn('underload_tolerance');
          t.dropColumn('underload_tonnes');
          t.dropColumn('underloaded');
        });
      },
    },
  ],
  grants: [
    // The platform's dispatchers: every waybill, the dispatch, cancelling, exceptions and the loss review.
    { role: 'PTGL', menus: [GROUP, MENU.fleetWaybill, MENU.driverWaybill, MENU.board], permissions: [P.list, P.add, P.edit, P.cancel, P.exception, P.review] },
    // A fleet's dispatcher: their fleet's waybills, dispatching their own vehicles and drivers.
    { role: FLEET_ROLE, menus: [GROUP, MENU.fleetWaybill, MENU.board], permissions: [P.list, P.add, P.edit, P.cancel, P.exception] },
    // A driver: their own waybills and steps; edit only to attach the receipt photo (the server refuses them any other change);
    // reporting a problem on their own trip (the exception, from the driver's page) — not cancelling it.
    { role: DRIVER_ROLE, menus: [GROUP, MENU.driverWaybill, MENU.driverOperation], permissions: [P.list, P.edit, P.drive, P.exception] },
    // A shipper: their customer's waybills, read-only, with the weights and the receipt.
    { role: SHIPPER_ROLE, menus: [GROUP, MENU.driverWaybill], permissions: [P.list] },
  ],
  seeds: [waybillDemo],
  locales: { zh, en, my },
};
