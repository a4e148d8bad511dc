// Partner API tokens: name, role (what the token may do), expiry; revoking deletes nothing
// but stops the token at once.
import { z } from 'zod';
import { defineResource, rules } from '@core/shared';

export const apiTokenDef = defineResource({
  plugin: 'system',
  name: 'apiToken',
  table: 'sys_api_token',
  titleKey: 'system:apiToken.title',
  menu: 'management.apiToken',
  versioned: false,
  stamped: false,
  labelField: 'name',
  permissions: { list: 'system:apiToken:list', create: 'system:apiToken:add', delete: 'system:apiToken:remove' },
  fields: [
    { name: 'name', labelKey: 'system:apiToken.name', type: 'string', filter: 'contains', sortable: true, maxLength: 100 },
    { name: 'prefix', labelKey: 'system:apiToken.prefix', type: 'string', form: false },
    { name: 'roleId', valueType: 'string', labelKey: 'system:apiToken.role', type: 'ref', lookup: 'system.roles', filter: 'eq' },
    { name: 'expiresAt', labelKey: 'system:apiToken.expiresAt', type: 'date' },
    { name: 'createdAt', column: 'created_at', labelKey: 'core:resource.createdAt', type: 'datetime', form: false, sortable: true },
    { name: 'lastUsedAt', column: 'last_used_at', labelKey: 'system:apiToken.lastUsedAt', type: 'datetime', form: false },
    { name: 'revokedAt', column: 'revoked_at', labelKey: 'system:apiToken.revokedAt', type: 'datetime', form: false },
  ],
  schema: (t) => {
    const r = rules(t);
    return z.object({
      name: r.text('system:apiToken.name', 100),
      roleId: r.number('system:apiToken.role', { int: true, min: 1 }),
      expiresAt: r.date('system:apiToken.expiresAt', { optional: true }),
    });
  },
});
