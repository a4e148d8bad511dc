// Departments (a tree): name, parent, order, status. Data scope "department and below" walks it.
import { z } from 'zod';
import { crudPermissions, defineResource, rules } from '@core/shared';
import { ENABLED_STATES } from './user';

export const deptDef = defineResource({
  plugin: 'system',
  name: 'dept',
  table: 'sys_dept',
  titleKey: 'system:dept.title',
  menu: 'management.dept',
  labelField: 'name',
  defaultSort: { field: 'orderNum', dir: 'asc' },
  permissions: crudPermissions('system:dept'),
  fields: [
    { name: 'name', labelKey: 'system:dept.name', type: 'string', sortable: true, filter: 'contains', maxLength: 100 },
    { name: 'path', column: null, labelKey: 'system:dept.path', type: 'string', form: false, export: true },
    { name: 'parentId', labelKey: 'system:dept.parent', type: 'ref', lookup: 'system.depts', filter: 'eq' },
    { name: 'orderNum', labelKey: 'system:dept.orderNum', type: 'integer', sortable: true },
    { name: 'status', labelKey: 'system:dept.status', type: 'enum', filter: 'eq', options: ENABLED_STATES },
    { name: 'updatedAt', column: 'updated_at', labelKey: 'core:resource.updatedAt', type: 'datetime', form: false },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      name: r.text('system:dept.name', 100),
      parentId: r.number('system:dept.parent', { int: true, min: 1, optional: true }),
      orderNum: r.number('system:dept.orderNum', { int: true, min: 0, max: 9999, optional: true }),
      status: r.oneOf('system:dept.status', ['0', '1'] as const),
    });
  },
});
