// Port-ops area "sources" (SPEC §2 /smartorderassignment: publishsource, distributeSource;
// /intelligentdispatch: fleetorders): customers' cargo sources priced from their contracts, their
// optimised assignment across fleets, and the fleets' orders answered within a time limit, with a
// job that expires unanswered offers and offers declined or expired shares again.
import i18next from 'i18next';
import { defineJob, type PluginArea } from '@core/shared';
import { auditColumns, errors, json, okResponse } from '@core/server';
import { FLEET_ROLE } from '../fleet/fleet';
import { SHIPPER_ROLE } from '../customers/common';
import { assignmentGroup, dispatchGroup } from '../common';
import { K, MENU, ORDER_PERMISSIONS, SOURCE_PERMISSIONS } from './source';
import { sourceResource } from './source.server';
import { fleetOrderResource } from './fleetOrder.server';
import { expireOffers, reofferReport, reofferShares } from './distribution.server';
import { sourcesDemo } from './demo';
import { screens } from './screens';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';
import assignmentZh from '../assignment/locales/zh.json';
import customersZh from '../customers/locales/zh.json';

const S = SOURCE_PERMISSIONS;
const O = ORDER_PERMISSIONS;

/** The job writes its reasons in the platform's default language. */
const zhT = () => {
  const i = i18next.createInstance();
  void i.init({ lng: 'zh', resources: { zh: { portops: { sources: zh, assignment: assignmentZh, customers: customersZh } } }, ns: ['portops'], defaultNS: 'portops', initImmediate: false, interpolation: { escapeValue: false } });
  return i.getFixedT('zh');
};

export const reofferJob = defineJob({
  name: 'portops.fleetOrderOffers',
  titleKey: `${K}.job.offers`,
  // Every five minutes: an offer's two hours are not to be overrun by much.
  cron: '0 */5 * * * *',
  // Two runs at once would offer the same share twice.
  exclusive: true,
  catchUp: false,
  async process({ knex }) {
    const expired = await expireOffers(knex);
    return reofferReport(expired, await reofferShares(knex, zhT()));
  },
});

export const sourcesArea: PluginArea = {
  key: 'sources',
  menus: [
    assignmentGroup([
      { key: MENU.publish, path: '/smartorderassignment/publishsource', titleKey: `${K}.menu.publishsource`, order: 10 },
      { key: MENU.distribute, path: '/smartorderassignment/distributeSource', titleKey: `${K}.menu.distributeSource`, order: 20 },
    ]),
    dispatchGroup([{ key: MENU.orders, path: '/intelligentdispatch/fleetorders', titleKey: `${K}.menu.fleetorders`, order: 10 }]),
  ],
  // The distribution's right sits under its own screen; the others derive from the screens.
  permissions: [{ code: S.distribute, titleKey: `${K}.perm.distribute`, menu: MENU.distribute }],
  screens,
  resources: [sourceResource, fleetOrderResource],
  routes: [{ path: 'api/portops/distribution/:id', file: 'sources/routes/api.distribution.ts', layout: 'none' }],
  jobs: [reofferJob],
  openapi: (doc) => {
    const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer' }, description: 'The source' };
    const fleet = {
      type: 'object',
      properties: {
        fleetId: { type: 'integer' },
        name: { type: 'string' },
        status: { type: 'string', enum: ['allocated', 'unused', 'excluded'] },
        tonnes: { type: 'number' },
        sharePercent: { type: 'number' },
        capacityTonnes: { type: 'number' },
        reasons: { type: 'array', items: { type: 'string' }, description: 'Why, in the caller’s language' },
      },
      required: ['fleetId', 'name', 'status', 'tonnes', 'sharePercent', 'capacityTonnes', 'reasons'],
    };
    doc.paths['/api/portops/distribution/{id}'] = {
      get: {
        tags: ['portops: cargo sources'],
        summary: `The optimiser's proposal for a published source: each fleet's share, tonnes, free capacity and why (${S.distribute})`,
        operationId: 'portops_distribution_proposal',
        'x-permission': S.distribute,
        parameters: [id],
        responses: {
          200: okResponse('the proposal', { type: 'object', properties: { source: { type: 'object' }, placedTonnes: { type: 'number' }, unplacedTonnes: { type: 'number' }, unplacedReason: { type: ['string', 'null'] }, fleets: { type: 'array', items: fleet }, rules: { type: 'array', items: { type: 'object' } } } }),
          ...errors('Forbidden', 'NotFound'),
        },
      },
      post: {
        tags: ['portops: cargo sources'],
        summary: `Confirms the shares (as proposed or adjusted): one offered fleet order per share, the source assigned (${S.distribute})`,
        operationId: 'portops_distribution_confirm',
        'x-permission': S.distribute,
        parameters: [id],
        requestBody: {
          required: true,
          content: json({ type: 'object', properties: { shares: { type: 'array', items: { type: 'object', properties: { fleetId: { type: 'integer' }, tonnes: { type: 'string', pattern: '^\\d+(\\.\\d{1,2})?$' }, includeReason: { type: 'string', maxLength: 200, description: 'Required to include a fleet the rules excluded (only one excluded by business rules: minimum lot, price, on-time, loss); recorded with its order' } }, required: ['fleetId', 'tonnes'] } } }, required: ['shares'] }),
        },
        responses: { 200: okResponse('the fleet orders made', { type: 'object', properties: { orders: { type: 'array', items: { type: 'integer' } } }, required: ['orders'] }), ...errors('Forbidden', 'NotFound') },
      },
    };
  },
  migrations: [
    {
      name: 'sources_001',
      async up(knex) {
        await knex.schema.createTable('ops_source', (t) => {
          t.increments('id');
          t.string('source_no', 32).notNullable().unique();
          t.integer('customer_id').unsigned().notNullable().references('id').inTable('ops_customer');
          t.string('goods', 30).notNullable();
          t.decimal('tonnes', 10, 2).notNullable();
          t.integer('containers').nullable();
          t.integer('line_id').unsigned().notNullable().references('id').inTable('ops_line');
          t.datetime('loading_from', { precision: 3 }).notNullable();
          t.datetime('loading_to', { precision: 3 }).notNullable();
          t.datetime('unload_by', { precision: 3 }).notNullable();
          t.decimal('price', 18, 2).notNullable();
          t.string('price_unit', 16).notNullable();
          t.string('currency', 3).notNullable();
          t.integer('contract_line_id').nullable();
          t.integer('adjustment_id').nullable();
          t.string('vehicle_type', 16).nullable();
          t.boolean('dangerous_goods').notNullable().defaultTo(false);
          t.string('status', 16).notNullable().defaultTo('draft');
          t.string('remark', 200).nullable();
          t.datetime('published_at', { precision: 3 }).nullable();
          t.datetime('assigned_at', { precision: 3 }).nullable();
          t.integer('assigned_by').nullable();
          t.datetime('closed_at', { precision: 3 }).nullable();
          t.string('distribution_note', 2000).nullable();
          t.string('cancel_reason', 200).nullable();
          auditColumns(t);
          t.index(['customer_id', 'status']);
          t.index(['status', 'loading_from']);
        });
        await knex.schema.createTable('ops_fleet_order', (t) => {
          t.increments('id');
          t.string('order_no', 32).notNullable().unique();
          t.integer('source_id').unsigned().notNullable().references('id').inTable('ops_source');
          t.integer('fleet_id').unsigned().notNullable().references('id').inTable('ops_fleet');
          t.integer('customer_id').notNullable();
          t.integer('line_id').notNullable();
          t.decimal('tonnes', 10, 2).notNullable();
          t.decimal('proposed_tonnes', 10, 2).nullable();
          t.decimal('price', 18, 2).notNullable();
          t.string('price_unit', 16).notNullable();
          t.string('currency', 3).notNullable();
          t.string('status', 16).notNullable().defaultTo('offered');
          t.datetime('offered_at', { precision: 3 }).notNullable();
          t.datetime('offer_expires_at', { precision: 3 }).notNullable();
          t.datetime('responded_at', { precision: 3 }).nullable();
          t.integer('responded_by').nullable();
          t.string('decline_reason', 200).nullable();
          t.string('cancel_reason', 200).nullable();
          // A re-offer's declined or expired order, and when that order's share was fully offered again (or given up).
          t.integer('parent_order_id').nullable();
          t.datetime('reoffered_at', { precision: 3 }).nullable();
          auditColumns(t);
          t.index(['source_id', 'status']);
          t.index(['fleet_id', 'status']);
          t.index(['status', 'offer_expires_at']);
          t.index(['parent_order_id']);
        });
      },
      async down(knex) {
        for (const table of ['ops_fleet_order', 'ops_source']) await knex.schema.dropTableIfExists(table);
      },
    },
  ],
  grants: [
    // The platform's dispatch operators: every source, the distribution, the orders' completion and cancellation.
    { role: 'PTGL', menus: [MENU.assignment, MENU.publish, MENU.distribute, MENU.dispatch, MENU.orders], permissions: [...Object.values(S), O.list, O.complete, O.cancel] },
    // A shipper drafts, publishes and cancels their own customer's sources.
    { role: SHIPPER_ROLE, menus: [MENU.assignment, MENU.publish], permissions: [S.list, S.add, S.edit, S.remove, S.publish, S.cancel] },
    // A fleet's dispatcher answers their fleet's offers.
    { role: FLEET_ROLE, menus: [MENU.dispatch, MENU.orders], permissions: [O.list, O.accept, O.decline] },
  ],
  seeds: [sourcesDemo],
  locales: { zh, en, my },
};
