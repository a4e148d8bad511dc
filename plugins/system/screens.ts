// System screens on the generic resource page, their parts in ui/; each menu entry keeps its
// own title (`system:menu.*`: "部门管理" over the page's "部门").
import type { ScreenDef } from '@core/shared';
import { apiTokenDef } from './resources/apiToken';
import { deptDef } from './resources/dept';
import { jobDef, jobLogDef } from './resources/job';
import { auditDef, loginLogDef, onlineDef } from './resources/log';
import { menuDef, permissionDef } from './resources/menu';
import { refCodeDef, refCodeTypeDef } from './resources/refCode';
import { roleDef } from './resources/role';
import { userDef } from './resources/user';

export const screens: ScreenDef[] = [
  { path: 'management/user', resource: userDef, menu: { parent: 'management', order: 10, titleKey: 'system:menu.user' }, ui: () => import('./ui/user') },
  { path: 'management/userGroupManagement/department', resource: deptDef, menu: { parent: 'management.userGroup', order: 10, titleKey: 'system:menu.dept' } },
  { path: 'management/userGroupManagement/role', resource: roleDef, menu: { parent: 'management.userGroup', order: 20, titleKey: 'system:menu.role' }, ui: () => import('./ui/role') },
  { path: 'management/userGroupManagement/permission', resource: permissionDef, menu: { parent: 'management.userGroup', order: 30 }, ui: () => import('./ui/permission') },
  { path: 'management/systemMaintenance/menu', resource: menuDef, menu: { parent: 'management.systemMaintenance', order: 10 }, ui: () => import('./ui/menu') },
  { path: 'management/systemMaintenance/job', resource: jobDef, menu: { parent: 'management.systemMaintenance', order: 20 }, ui: () => import('./ui/job') },
  { path: 'management/systemMaintenance/jobLog', resource: jobLogDef, menu: { parent: 'management.systemMaintenance', order: 30, hidden: true }, ui: () => import('./ui/jobLog') },
  {
    path: 'management/systemMaintenance/apiToken',
    resource: apiTokenDef,
    menu: { parent: 'management.systemMaintenance', order: 40, titleKey: 'system:menu.apiToken' },
    ui: () => import('./ui/apiToken'),
  },
  {
    path: 'management/log',
    resource: loginLogDef,
    menu: { parent: 'management', order: 40, icon: 'History', titleKey: 'system:menu.log' },
    tabs: [
      { key: 'logins', resource: loginLogDef },
      { key: 'oper', resource: auditDef },
      { key: 'online', resource: onlineDef },
    ],
    ui: () => import('./ui/log'),
  },
  { path: 'dataBase/systemData/refCodeType', resource: refCodeTypeDef, menu: { parent: 'dataBase.systemData', order: 10, titleKey: 'system:menu.refCodeType' } },
  { path: 'dataBase/systemData/refCode', resource: refCodeDef, menu: { parent: 'dataBase.systemData', order: 20, titleKey: 'system:menu.refCode' } },
];
