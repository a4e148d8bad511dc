// System management and base data: users, departments, roles and permissions, menus,
// scheduled jobs, API tokens, login/operation logs and online users, code types and codes.
import { definePlugin } from '@core/shared';
import { systemOpenApi } from './openapi';
import { systemStats } from './stats.server';
import { systemMigrations } from './migrations';
import { defineLookup, listJobs, tableLookup } from '@core/server';
import { departmentsSeed, REF_CODE_TYPES, referenceCodesSeed } from './seeds';
import { apiTokenDemo } from './demo';
import { refCodeResource, refCodeTypeResource } from './resources/refCode.server';
import { userResource } from './resources/user.server';
import { deptResource } from './resources/dept.server';
import { roleResource } from './resources/role.server';
import { apiTokenResource } from './resources/apiToken.server';
import { auditResource, loginLogResource, onlineResource } from './resources/log.server';
import { jobLogResource, jobResource } from './resources/job.server';
import { menuResource, permissionResource } from './resources/menu.server';
import { baseDataArea } from './baseData';
import { screens } from './screens';
import zh from './locales/zh.json';
import en from './locales/en.json';
import my from './locales/my.json';

/** The permissions `<base>:<action>` of a screen, titled `<titleBase>.<action>`; list is ticked with the menu. */
const perms = (base: string, menu: string, titleBase: string, actions = ['list', 'add', 'edit', 'remove']) =>
  actions.map((a) => ({ code: `${base}:${a}`, titleKey: `${titleBase}.${a}`, menu, ...(a === 'list' ? { mandatory: true } : {}) }));

export default definePlugin({
  id: 'system',
  root: 'plugins/system',
  areas: [baseDataArea],
  menus: [
    {
      key: 'management',
      path: '/management',
      titleKey: 'system:menu.management',
      icon: 'Settings',
      order: 900,
      children: [
        { key: 'management.userGroup', path: '/management/userGroupManagement', titleKey: 'system:menu.userGroup', order: 20, children: [] },
        { key: 'management.systemMaintenance', path: '/management/systemMaintenance', titleKey: 'system:menu.systemMaintenance', order: 30, children: [] },
      ],
    },
    {
      key: 'dataBase',
      path: '/dataBase',
      titleKey: 'system:menu.dataBase',
      icon: 'Storage',
      order: 850,
      children: [
        {
          key: 'dataBase.systemData',
          path: '/dataBase/systemData',
          titleKey: 'system:menu.systemData',
          order: 10,
          children: [],
        },
      ],
    },
  ],
  permissions: [
    ...perms('system:user', 'management.user', 'system:perm.user'),
    ...perms('system:role', 'management.role', 'system:perm.role'),
    ...perms('system:menu', 'management.menu', 'system:perm.menu', ['list', 'edit']),
    ...perms('system:apiToken', 'management.apiToken', 'system:perm.apiToken', ['list', 'add', 'remove']),
    { code: 'system:log:list', titleKey: 'system:perm.logList', menu: 'management.log', mandatory: true },
    { code: 'system:session:forceLogout', titleKey: 'system:perm.forceLogout', menu: 'management.log' },
    { code: 'system:job:list', titleKey: 'system:perm.jobList', menu: 'management.job', mandatory: true },
    { code: 'system:job:run', titleKey: 'system:perm.jobRun', menu: 'management.job' },
    { code: 'system:job:edit', titleKey: 'system:perm.jobEdit', menu: 'management.job' },
    { code: 'shipShow:remind', titleKey: 'system:perm.shipShowRemind' },
  ],
  routes: [
    { path: 'api/system/userAction/:id/:op', file: 'routes/api.userActions.ts', layout: 'none' },
    { path: 'api/system/menu/:op', file: 'routes/api.menuAdmin.ts', layout: 'none' },
    { path: 'api/system/apiToken/issue', file: 'routes/api.apiTokenIssue.ts', layout: 'none' },
    { path: 'api/system/jobs', file: 'routes/api.jobs.ts', layout: 'none' },
    { path: 'api/system/jobs/:name/:op', file: 'routes/api.jobAction.ts', layout: 'none' },
    { path: 'api/dropDown/queryAllRefCodeList', file: 'routes/api.queryAllRefCodeList.ts', layout: 'none' },
  ],
  screens,
  openapi: systemOpenApi,
  migrations: systemMigrations,
  seeds: [referenceCodesSeed, departmentsSeed, apiTokenDemo],
  // Core's demo roles: ship agents and the platform see the ship reminders, the platform reads
  // the logs and jobs (管理员 needs none: it sees everything).
  grants: [
    { role: 'ZWYCAU', permissions: ['shipShow:remind'], legacySeed: 'core/demo-identity' },
    {
      role: 'PTGL',
      menus: ['management', 'management.log', 'management.job', 'management.jobLog'],
      permissions: ['shipShow:remind', 'system:log:list', 'system:job:list'],
      legacySeed: 'core/demo-identity',
    },
  ],
  resources: [userResource, deptResource, roleResource, auditResource, apiTokenResource, refCodeTypeResource, refCodeResource],
  screenResources: [jobResource, jobLogResource, loginLogResource, onlineResource, menuResource, permissionResource],
  lookups: {
    // Reference codes of one type as a picker: `system.refCode.CURRENCY`, `system.refCode.TRANSPORT_MODE`, …
    ...Object.fromEntries(
      REF_CODE_TYPES.map((type) => [
        `refCode.${type}`,
        tableLookup({ table: 'sys_ref_code', value: 'code', label: '{code} {name}', labels: { en: '{code} {name_en}' }, where: { rv_domain: type }, orderBy: [{ column: 'order_num' }, { column: 'code' }] }),
      ]),
    ),
    roles: tableLookup({ table: 'sys_role', value: 'id', label: '{name} ({code})', orderBy: 'order_num' }),
    depts: tableLookup({ table: 'sys_dept', value: 'id', label: 'name', parent: 'parent_id', orderBy: 'order_num' }),
    codeTypes: tableLookup({ table: 'sys_ref_code_type', value: 'type_code', label: '{type_code} {name}' }),
    // The registered jobs (the job log's filter), by their titles.
    jobs: defineLookup({ resource: 'system.job', key: 'name' }, async ({ knex }) => (await listJobs({ knex })).map((j) => ({ value: j.name, label: j.titleKey }))),
  },
  stats: systemStats,
  locales: { zh, en, my },
});
