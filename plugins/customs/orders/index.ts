// Trader business center: service orders between traders and customs brokers.
import { auditColumns } from '@core/server';
import type { CustomsArea } from '../area';
import { ORDER_PERMISSIONS } from './order';
import { serviceOrderResource } from './order.server';
import { ordersDemo } from './demo';
import { screens } from './screens';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

const MENU = 'traderCenter.serviceOrder';

const P = ORDER_PERMISSIONS;
const MENUS = ['traderCenter', MENU];

export const ordersArea: CustomsArea = {
  key: 'orders',
  menus: [
    {
      key: 'traderCenter',
      path: '/traderCenter',
      titleKey: 'customs:orders.menu.center',
      icon: 'Storefront',
      order: 310,
      children: [],
    },
  ],
  // The screen derives the rest; these two each allow two transitions, so they say so themselves.
  permissions: (['review', 'work'] as const).map((k) => ({ code: P[k], titleKey: `customs:orders.perm.${k}`, menu: MENU })),
  screens,
  migrations: [
    {
      name: 'orders_001',
      async up(knex) {
        await knex.schema.createTable('cus_service_order', (t) => {
          t.increments('id');
          t.string('order_no', 32).notNullable().unique();
          t.string('status', 16).notNullable();
          t.string('decl_type', 1).notNullable();
          t.string('customer_name', 100).notNullable();
          t.string('decl_customs', 10).notNullable();
          t.string('trade_country', 3).notNullable();
          t.string('arrival_country', 3).notNullable();
          t.integer('product_count').notNullable();
          t.string('order_type', 20).notNullable();
          t.decimal('amount', 18, 2).notNullable();
          t.string('currency', 3).notNullable();
          t.integer('broker_enterprise_id').notNullable();
          t.string('broker_name', 100).nullable();
          t.integer('trader_user_id').notNullable();
          t.integer('trader_enterprise_id').nullable();
          t.string('trader_name', 100).nullable();
          t.string('customs_area_code', 10).nullable();
          t.string('remark', 1000).notNullable();
          t.datetime('order_time', { precision: 3 }).notNullable();
          t.string('review_opinion', 500).nullable();
          t.datetime('reviewed_at', { precision: 3 }).nullable();
          t.integer('reviewed_by').nullable();
          t.datetime('completed_at', { precision: 3 }).nullable();
          auditColumns(t);
          t.index(['trader_user_id', 'status']);
          t.index(['broker_enterprise_id', 'status']);
        });
      },
      async down(knex) {
        await knex.schema.dropTableIfExists('cus_service_order');
      },
    },
  ],
  grants: [
    { role: '0', menus: MENUS, permissions: [P.list, P.add, P.edit, P.remove, P.submit, P.cancel, P.confirm] },
    { role: 'customs_admin', menus: MENUS, permissions: [P.list, P.review, P.work] },
    { role: 'PTGL', menus: MENUS, permissions: [P.list] },
  ],
  seeds: [ordersDemo],
  resources: [serviceOrderResource],
  locales: { zh, en, my },
};
