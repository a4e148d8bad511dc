// The operation log: every write the resource engine made, with the changed fields.
import { z } from 'zod';
import { defineResource } from '@core/shared';

export const auditDef = defineResource({
  plugin: 'system',
  name: 'operLog',
  table: 'sys_audit_log',
  titleKey: 'system:audit.title',
  menu: 'management.log',
  versioned: false,
  stamped: false,
  permissions: { list: 'system:log:list', export: 'system:log:list' },
  fields: [
    { name: 'createdAt', column: 'created_at', labelKey: 'system:audit.time', type: 'datetime', sortable: true, filter: 'range', form: false },
    { name: 'username', labelKey: 'system:audit.username', type: 'string', filter: 'contains', sortable: true },
    { name: 'resource', labelKey: 'system:audit.resource', type: 'string', filter: 'eq', sortable: true },
    { name: 'action', labelKey: 'system:audit.action', type: 'string', filter: 'eq' },
    { name: 'recordId', labelKey: 'system:audit.recordId', type: 'string', filter: 'eq' },
    { name: 'summary', labelKey: 'system:audit.summary', type: 'string', filter: 'contains' },
    { name: 'ip', labelKey: 'system:log.ip', type: 'string', list: { hidden: true } },
    { name: 'changes', labelKey: 'system:audit.changes', type: 'text', list: { width: 360 } },
  ],
  schema: () => z.object({}),
});
