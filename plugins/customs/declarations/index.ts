// Import and export declarations (进出口整合申报) under 报关管理.
import type { CustomsArea } from '../area';
import { XLSX, errors, fileResponse, tableLookup } from '@core/server';
import { DECL_PERMISSIONS } from './declaration';
import { declarationReceipts, declarationResource } from './declaration.server';
import { declarationsDemo } from './demo';
import { declarationMigrations } from './migrations';
import { screens } from './screens';
import type { SessionUser } from '@core/shared';
import { restrictOrders } from '../orders/order.server';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

const MENU = 'customsDeclare.declaration';
const PERMS = ['list', 'add', 'edit', 'remove', 'submit'] as const;

export const declarationsArea: CustomsArea = {
  key: 'declarations',
  menus: [
    {
      key: 'customsDeclare',
      path: '/customsDeclare',
      titleKey: 'customs:declarations.menu.group',
      icon: 'Gavel',
      order: 305,
      children: [{ key: MENU, path: '/customsDeclare/declaration', titleKey: 'customs:declarations.menu.declaration', order: 60 }],
    },
  ],
  permissions: PERMS.map((p) => ({ code: DECL_PERMISSIONS[p], titleKey: `customs:declarations.perm.${p}`, menu: MENU, mandatory: p === 'list' })),
  screens,
  routes: [
    { path: 'api/customs/declaration/:id/print', file: 'declarations/routes/api.print.ts', layout: 'none' },
    { path: 'api/customs/declaration/:id/xlsx', file: 'declarations/routes/api.xlsx.ts', layout: 'none' },
  ],
  openapi: (doc) => {
    const file = (format: 'print' | 'xlsx', summary: string, type: string) => ({
      get: {
        tags: ['customs: declarations'],
        summary: `${summary} (${DECL_PERMISSIONS.print}; a declaration the caller may see)`,
        operationId: `customs_declaration_${format}`,
        'x-permission': DECL_PERMISSIONS.print,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        responses: { 200: fileResponse(summary, [type]), ...errors('Forbidden', 'NotFound') },
      },
    });
    doc.paths['/api/customs/declaration/{id}/print'] = file('print', 'The declaration as a PDF in the official layout', 'application/pdf');
    doc.paths['/api/customs/declaration/{id}/xlsx'] = file('xlsx', 'The declaration (header, goods lines, documents) as a workbook', XLSX);
  },
  migrations: declarationMigrations,
  grants: [
    { role: 'customs_admin', menus: ['customsDeclare', MENU], permissions: PERMS.map((p) => DECL_PERMISSIONS[p]) },
    { role: 'PTGL', menus: ['customsDeclare', MENU], permissions: [DECL_PERMISSIONS.list] },
  ],
  seeds: [declarationsDemo],
  resources: [declarationResource],
  lookups: {
    portCodes: tableLookup({ table: 'cus_port_code', value: 'port_code', label: '{port_code} {name}', labels: { en: '{port_code} {name_en}' } }),
    /** Orders the user may declare for (approved or in progress); parent = declaration type I/E. */
    workingOrders: tableLookup({
      table: 'cus_service_order',
      value: 'id',
      label: '{order_no} {customer_name}',
      parent: 'decl_type',
      orderBy: [{ column: 'id', order: 'desc' }],
      limit: 500,
      where: (q, user, knex) => restrictOrders(q.whereIn('status', ['approved', 'inProgress']), user as SessionUser, knex),
    }),
  },
  receiptTargets: [declarationReceipts],
  locales: { zh, en, my },
};
