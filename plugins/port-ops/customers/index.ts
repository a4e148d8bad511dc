// Port-ops area "customers" (SPEC §2 /customermanage): the dispatch centre's customers, the
// blacklist of customers, fleets, vehicles and drivers, transport contracts with their line
// prices and price adjustments, lines, and the fee and rate items. Other areas call
// blacklistRefusal() (blacklist.server.ts), priceInForce() (adjustment.server.ts) and
// feeAmount() (fee.server.ts).
import type { PluginArea } from '@core/shared';
import { auditColumns, errors, json, okResponse } from '@core/server';
import { customerGroup } from '../common';
import { ADJUSTMENT_PERMISSIONS, BLACKLIST_PERMISSIONS, CONTRACT_PERMISSIONS, CUSTOMER_PERMISSIONS, FEE_PERMISSIONS, GROUP, LINE_PERMISSIONS, MENU, SHIPPER_ROLE } from './common';
import { customerLookups, customerResource } from './customer.server';
import { blacklistParties, blacklistResource } from './blacklist.server';
import { contractExpiryJob, contractLookups, contractResource } from './contract.server';
import { adjustmentResource } from './adjustment.server';
import { lineLookups, lineResource } from './line.server';
import { UNDERLOAD_TOLERANCE_DEFAULT } from './line';
import { feeResource } from './fee.server';
import { customersDemo, shipperSeed } from './demo';
import { screens } from './screens';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

const ALL = [CUSTOMER_PERMISSIONS, BLACKLIST_PERMISSIONS, CONTRACT_PERMISSIONS, ADJUSTMENT_PERMISSIONS, LINE_PERMISSIONS, FEE_PERMISSIONS].flatMap((p) => Object.values(p));
// Entries are never deleted (lifting ends them, and the list keeps who barred whom).
const OPERATOR_PERMISSIONS = ALL.filter((p) => p !== BLACKLIST_PERMISSIONS.remove);

export const customersArea: PluginArea = {
  key: 'customers',
  menus: [customerGroup([])],
  screens,
  migrations: [
    {
      name: 'customers_001',
      async up(knex) {
        await knex.schema.createTable('ops_customer', (t) => {
          t.increments('id');
          t.string('name', 100).notNullable().unique();
          t.string('kind', 16).notNullable();
          t.string('credit_code', 18).nullable().unique();
          t.string('province_code', 6).nullable();
          t.string('city_code', 6).nullable();
          t.string('county_code', 6).nullable();
          t.string('address', 200).nullable();
          t.string('settlement_method', 16).notNullable();
          t.decimal('credit_limit', 18, 2).notNullable().defaultTo(0);
          t.integer('user_id').nullable().unique();
          t.string('status', 16).notNullable().defaultTo('normal');
          auditColumns(t);
        });
        await knex.schema.createTable('ops_customer_contact', (t) => {
          t.increments('id');
          t.integer('customer_id').unsigned().notNullable().references('id').inTable('ops_customer').onDelete('CASCADE');
          t.integer('seq').notNullable();
          t.string('name', 50).notNullable();
          t.string('phone', 20).notNullable();
          t.index(['customer_id', 'seq']);
        });
        await knex.schema.createTable('ops_blacklist', (t) => {
          t.increments('id');
          t.string('party_type', 16).notNullable();
          t.integer('party_id').notNullable();
          t.string('party_name', 100).notNullable();
          t.string('reason', 500).notNullable();
          t.date('valid_from').notNullable();
          t.date('valid_to').nullable();
          t.string('status', 16).notNullable().defaultTo('active');
          t.string('lift_reason', 500).nullable();
          t.datetime('lifted_at', { precision: 3 }).nullable();
          t.integer('lifted_by').nullable();
          auditColumns(t);
          t.index(['party_type', 'party_id', 'status']);
        });
        await knex.schema.createTable('ops_line', (t) => {
          t.increments('id');
          t.string('name', 100).notNullable().unique();
          t.string('origin', 100).notNullable();
          t.string('origin_city', 6).nullable();
          t.string('destination', 100).notNullable();
          t.string('destination_city', 6).nullable();
          t.integer('distance_km').notNullable();
          t.decimal('transit_hours', 6, 1).notNullable();
          t.string('vehicle_types', 200).notNullable();
          t.decimal('loss_tolerance', 6, 2).notNullable();
          t.string('remark', 200).nullable();
          auditColumns(t);
        });
        await knex.schema.createTable('ops_contract', (t) => {
          t.increments('id');
          t.string('contract_no', 32).notNullable().unique();
          t.integer('customer_id').unsigned().notNullable().references('id').inTable('ops_customer');
          t.string('carrier_name', 100).notNullable();
          t.date('valid_from').notNullable();
          t.date('valid_to').notNullable();
          t.string('currency', 3).notNullable();
          t.string('payment_terms', 500).nullable();
          t.integer('attachment_file_id').nullable();
          t.string('status', 16).notNullable().defaultTo('normal');
          t.string('abnormal_reason', 500).nullable();
          auditColumns(t);
          t.index(['customer_id', 'status']);
          t.index(['status', 'valid_to']);
        });
        await knex.schema.createTable('ops_contract_line', (t) => {
          t.increments('id');
          t.integer('contract_id').unsigned().notNullable().references('id').inTable('ops_contract').onDelete('CASCADE');
          t.integer('seq').notNullable();
          t.integer('line_id').unsigned().notNullable().references('id').inTable('ops_line');
          t.string('price_unit', 16).notNullable();
          t.decimal('price', 18, 2).notNullable();
          t.index(['contract_id', 'seq']);
          t.index(['line_id']);
        });
        await knex.schema.createTable('ops_price_adjustment', (t) => {
          t.increments('id');
          t.integer('contract_line_id').unsigned().notNullable().references('id').inTable('ops_contract_line');
          t.decimal('old_price', 18, 2).notNullable();
          t.decimal('new_price', 18, 2).notNullable();
          t.string('price_unit', 16).notNullable();
          t.date('effective_from').notNullable();
          t.string('reason', 500).notNullable();
          t.string('status', 16).notNullable().defaultTo('submitted');
          t.string('review_note', 500).nullable();
          t.datetime('reviewed_at', { precision: 3 }).nullable();
          t.integer('reviewed_by').nullable();
          auditColumns(t);
          t.index(['contract_line_id', 'status', 'effective_from'], 'ops_price_adj_line_status_from');
        });
        await knex.schema.createTable('ops_fee_item', (t) => {
          t.increments('id');
          t.string('code', 20).notNullable().unique();
          t.string('name', 50).notNullable();
          t.string('kind', 16).notNullable();
          t.string('unit', 16).notNullable();
          t.decimal('rate', 18, 4).notNullable();
          t.string('currency', 3).notNullable();
          t.string('status', 16).notNullable().defaultTo('enabled');
          t.string('remark', 200).nullable();
          auditColumns(t);
        });
      },
      async down(knex) {
        for (const table of ['ops_fee_item', 'ops_price_adjustment', 'ops_contract_line', 'ops_contract', 'ops_line', 'ops_blacklist', 'ops_customer_contact', 'ops_customer'])
          await knex.schema.dropTableIfExists(table);
      },
    },
    {
      // The finance charging rule a fee item may be priced by (no foreign key: finance may be absent).
      name: 'customers_002_fee_rule',
      async up(knex) {
        await knex.schema.alterTable('ops_fee_item', (t) => {
          t.integer('charging_rule_id').nullable();
        });
      },
      async down(knex) {
        await knex.schema.alterTable('ops_fee_item', (t) => {
          t.dropColumn('charging_rule_id');
        });
      },
    },
    {
      // The under-loading tolerance (% of the planned tonnes), next to the loss tolerance.
      name: 'customers_003_underload',
      async up(knex) {
        await knex.schema.alterTable('ops_line', (t) => {
          t.decimal('underload_tolerance', 5, 2).notNullable().defaultTo(UNDERLOAD_TOLERANCE_DEFAULT);
        });
      },
      async down(knex) {
        await knex.schema.alterTable('ops_line', (t) => {
          t.dropColumn('underload_tolerance');
        });
      },
    },
  ],
  routes: [{ path: 'api/portops/feeAmount', file: 'customers/routes/api.feeAmount.ts', layout: 'none' }],
  openapi: (doc) => {
    const fact = { type: ['string', 'null'], pattern: '^\\d+(\\.\\d{1,4})?$' };
    doc.paths['/api/portops/feeAmount'] = {
      post: {
        tags: ['portops: customers'],
        summary: `Trial calculation (试算) of a fee item for a dispatch's facts: the finance charging rule it names when finance is installed, else its own rate × quantity; the answer says which (${FEE_PERMISSIONS.list})`,
        operationId: 'portops_fee_amount',
        'x-permission': FEE_PERMISSIONS.list,
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            properties: { feeItemId: { type: 'integer' }, date: { type: 'string', format: 'date' }, tonnes: fact, trips: fact, containers: fact, distanceKm: fact, waitingHours: fact },
            required: ['feeItemId', 'date'],
          }),
        },
        responses: {
          200: okResponse('the amount and its basis', {
            type: 'object',
            properties: {
              feeItemId: { type: 'integer' },
              basis: { type: 'string', enum: ['rule', 'own'] },
              amount: { type: 'string' },
              currency: { type: ['string', 'null'] },
              quantity: { type: 'string' },
              explanation: { type: 'string' },
              rule: { type: 'object', description: 'basis rule: the charging rule and how it priced the facts' },
              reason: { type: 'string', enum: ['noRule', 'noFinance', 'ruleMissing', 'ruleNotInForce'], description: 'basis own: why no rule priced it' },
            },
            required: ['feeItemId', 'basis', 'amount', 'quantity', 'explanation'],
          }),
          ...errors('Forbidden'),
        },
      },
    };
  },
  grants: [
    {
      role: 'PTGL',
      menus: [GROUP, ...Object.values(MENU)],
      permissions: OPERATOR_PERMISSIONS,
    },
    {
      role: SHIPPER_ROLE,
      menus: [GROUP, MENU.customer, MENU.contract],
      permissions: [CUSTOMER_PERMISSIONS.list, CONTRACT_PERMISSIONS.list],
    },
  ],
  seeds: [shipperSeed, customersDemo],
  resources: [customerResource, blacklistResource, contractResource, adjustmentResource, lineResource, feeResource],
  lookups: {
    ...customerLookups,
    ...contractLookups,
    ...lineLookups,
    blacklistParties,
  },
  jobs: [contractExpiryJob],
  locales: { zh, en, my },
};
