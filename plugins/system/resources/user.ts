// Users (SPEC §3 User): username, nickname, password (blank on edit = unchanged), roles,
// account type, department, enterprise name and credit code; enable/disable as transitions.
import { z } from 'zod';
import { crudPermissions, defineResource, rules } from '@core/shared';

export const ACCOUNT_TYPES = ['1', '2', '3', '4', '5', '6'] as const;
export const CREDIT_CODE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
export const MOBILE = /^1[3-9]\d{9}$/;
/** Status '0' enabled, '1' disabled (users, roles, departments). */
export const ENABLED_STATES = [
  { value: '0', labelKey: 'system:user.enabled' },
  { value: '1', labelKey: 'system:user.disabled' },
];

export const userDef = defineResource({
  plugin: 'system',
  name: 'user',
  table: 'sys_user',
  unique: [['username']],
  titleKey: 'system:user.title',
  menu: 'management.user',
  labelField: 'username',
  permissions: crudPermissions('system:user', { withImport: true }),
  fields: [
    { name: 'username', labelKey: 'system:user.username', type: 'string', sortable: true, filter: 'contains', maxLength: 64, form: { readOnlyOnEdit: true } },
    { name: 'nickname', labelKey: 'system:user.nickname', type: 'string', sortable: true, filter: 'contains', maxLength: 64 },
    { name: 'password', column: null, labelKey: 'system:user.password', type: 'password', list: false, export: false, form: { placeholderKey: 'system:user.passwordHint' } },
    { name: 'roleIds', column: null, valueType: 'string', labelKey: 'system:user.roles', type: 'refs', lookup: 'system.roles', form: { span: 2 } },
    {
      name: 'userType',
      labelKey: 'system:user.userType',
      type: 'enum',
      filter: 'eq',
      sortable: true,
      options: ACCOUNT_TYPES.map((v) => ({ value: v, labelKey: `core:accountType.${v}` })),
    },
    { name: 'deptId', labelKey: 'system:user.dept', type: 'ref', lookup: 'system.depts', filter: 'eq' },
    { name: 'companyName', labelKey: 'system:user.companyName', type: 'string', filter: 'contains', maxLength: 100 },
    { name: 'creditCode', labelKey: 'system:user.creditCode', type: 'string', maxLength: 18, list: { hidden: true } },
    { name: 'mobile', labelKey: 'system:user.mobile', type: 'string', filter: 'contains', maxLength: 11 },
    { name: 'email', labelKey: 'system:user.email', type: 'string', maxLength: 128, list: { hidden: true } },
    { name: 'status', labelKey: 'system:user.status', type: 'enum', filter: 'eq', form: false, import: false, options: ENABLED_STATES },
    { name: 'createdAt', column: 'created_at', labelKey: 'core:resource.createdAt', type: 'datetime', sortable: true, filter: 'range', form: false },
    { name: 'updatedAt', column: 'updated_at', labelKey: 'core:resource.updatedAt', type: 'datetime', sortable: true, form: false, list: { hidden: true } },
  ],
  stateMachine: {
    field: 'status',
    states: ENABLED_STATES,
    transitions: [
      { name: 'enable', labelKey: 'system:user.enable', from: ['1'], to: '0', permission: 'system:user:edit', refusedKey: 'system:user.statusSame' },
      { name: 'disable', labelKey: 'system:user.disable', from: ['0'], to: '1', permission: 'system:user:edit', refusedKey: 'system:user.statusSame' },
    ],
  },
  schema: (t, mode) => {
    const r = rules(t);
    const password =
      mode === 'create' ? r.text('system:user.password', 32, 6) : z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), r.text('system:user.password', 32, 6).optional());
    return z.object({
      username: r.pattern('system:user.username', /^[A-Za-z0-9_.@-]{2,64}$/),
      nickname: r.text('system:user.nickname', 64),
      password,
      roleIds: r.ids('system:user.roles', { min: 1 }),
      userType: r.oneOf('system:user.userType', ACCOUNT_TYPES),
      deptId: r.number('system:user.dept', { int: true, min: 1, optional: true }),
      companyName: r.optionalText('system:user.companyName', 100),
      creditCode: r.pattern('system:user.creditCode', CREDIT_CODE, { optional: true }),
      mobile: r.pattern('system:user.mobile', MOBILE, { optional: true, messageKey: 'system:user.mobileInvalid' }),
      email: r.pattern('system:user.email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/, { optional: true }),
    });
  },
});
