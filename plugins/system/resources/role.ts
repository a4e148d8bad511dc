// Roles (SPEC §3 Role, §6): code, name (required, unique), data scope, and the menus and
// permissions granted; at least one permission must be chosen.
import { z } from 'zod';
import { crudPermissions, defineResource, rules } from '@core/shared';
import { ENABLED_STATES } from './user';

export const DATA_SCOPE_VALUES = ['all', 'dept', 'self'] as const;

export const roleDef = defineResource({
  plugin: 'system',
  name: 'role',
  table: 'sys_role',
  unique: [{ fields: ['name'], messageKey: 'system:role.nameExists' }, ['code']],
  titleKey: 'system:role.title',
  menu: 'management.role',
  labelField: 'name',
  defaultSort: { field: 'orderNum', dir: 'asc' },
  permissions: crudPermissions('system:role'),
  fields: [
    { name: 'code', labelKey: 'system:role.code', type: 'string', sortable: true, filter: 'contains', maxLength: 64 },
    { name: 'name', labelKey: 'system:role.name', type: 'string', sortable: true, filter: 'contains', maxLength: 64 },
    {
      name: 'dataScope',
      labelKey: 'system:role.dataScope',
      type: 'enum',
      filter: 'eq',
      form: { span: 1 },
      options: DATA_SCOPE_VALUES.map((v) => ({ value: v, labelKey: `system:role.scope.${v}` })),
    },
    { name: 'status', labelKey: 'system:role.status', type: 'enum', filter: 'eq', form: { span: 1 }, options: ENABLED_STATES },
    { name: 'orderNum', labelKey: 'system:role.orderNum', type: 'integer', sortable: true, form: { span: 1 } },
    { name: 'remark', labelKey: 'system:role.remark', type: 'text', maxLength: 500, form: { span: 3 } },
    { name: 'menuKeys', column: null, labelKey: 'system:role.menus', type: 'refs', list: false, export: false, import: false },
    { name: 'permissionCodes', column: null, labelKey: 'system:role.permissions', type: 'refs', list: false, export: false, import: false },
    { name: 'userCount', column: null, labelKey: 'system:role.userCount', type: 'integer', form: false, export: false },
    { name: 'updatedAt', column: 'updated_at', labelKey: 'core:resource.updatedAt', type: 'datetime', sortable: true, form: false },
  ],
  schema: (t) => {
    const r = rules(t);
    return z
      .object({
        code: r.pattern('system:role.code', /^[A-Za-z0-9_]{1,64}$/),
        name: r.text('system:role.name', 64),
        dataScope: r.oneOf('system:role.dataScope', DATA_SCOPE_VALUES),
        status: r.oneOf('system:role.status', ['0', '1'] as const),
        orderNum: r.number('system:role.orderNum', { int: true, min: 0, max: 9999, optional: true }),
        remark: r.optionalText('system:role.remark', 500),
        menuKeys: z.preprocess((v) => (Array.isArray(v) ? v.map(String) : []), z.array(z.string().max(128))),
        permissionCodes: z.preprocess((v) => (Array.isArray(v) ? v.map(String) : []), z.array(z.string().max(128))),
      })
      .refine((v) => v.menuKeys.length + v.permissionCodes.length > 0, { message: t('system:role.atLeastOne'), path: ['permissionCodes'] });
  },
});
