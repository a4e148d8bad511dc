// The log screen's lists, read-only, each opening an entry whole in the drawer: the login log
// (every attempt, with address and browser), the operation log (every write the resource engine
// made, with the changed fields) and the users online now.
import { z } from 'zod';
import { defineResource } from '@core/shared';

const base = {
  plugin: 'system',
  menu: 'management.log',
  versioned: false,
  stamped: false,
  readOnly: true,
  detail: true,
  permissions: { list: 'system:log:list' },
  schema: () => z.object({}),
} as const;

export const loginLogDef = defineResource({
  ...base,
  name: 'loginLog',
  table: 'sys_login_log',
  titleKey: 'system:log.loginLog',
  fields: [
    { name: 'createdAt', labelKey: 'system:log.time', type: 'datetime', sortable: true, filter: 'range' },
    { name: 'username', labelKey: 'system:log.username', type: 'string', filter: 'contains', sortable: true },
    { name: 'ip', labelKey: 'system:log.ip', type: 'string', filter: 'contains' },
    { name: 'success', labelKey: 'system:log.result', type: 'boolean', filter: 'eq' },
    { name: 'message', labelKey: 'system:log.message', type: 'string' },
    { name: 'userAgent', labelKey: 'system:log.browser', type: 'string', list: { width: 320 } },
  ],
});

/** The sessions online: rows the screen reads (a session id is a secret: only its first 12 characters leave). */
export const onlineDef = defineResource({
  ...base,
  detail: false,
  name: 'online',
  table: 'sys_session',
  titleKey: 'system:log.online',
  fields: [
    { name: 'username', labelKey: 'system:log.username', type: 'string' },
    { name: 'nickname', labelKey: 'system:log.nickname', type: 'string' },
    { name: 'ip', labelKey: 'system:log.ip', type: 'string' },
    { name: 'createdAt', labelKey: 'system:log.loginTime', type: 'datetime' },
    { name: 'lastSeenAt', labelKey: 'system:log.lastSeen', type: 'datetime' },
    { name: 'userAgent', labelKey: 'system:log.browser', type: 'string', list: { width: 280 } },
  ],
});

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
