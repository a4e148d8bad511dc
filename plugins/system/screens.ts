// System screens on the generic resource page; each menu entry keeps its own title
// (`system:menu.*`: "部门管理" over the page's "部门"). The screens of index.ts's own menu
// entries add no leaf; their parts are in ui/.
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
  { path: 'management/user', resource: userDef, ui: () => import('./ui/user') },
  { path: 'management/userGroupManagement/department', resource: deptDef, menu: { parent: 'management.userGroup', order: 10, titleKey: 'system:menu.dept' } },
  { path: 'management/userGroupManagement/role', resource: roleDef, ui: () => import('./ui/role') },
  { path: 'management/userGroupManagement/permission', resource: permissionDef, ui: () => import('./ui/permission') },
  { path: 'management/systemMaintenance/menu', resource: menuDef, ui: () => import('./ui/menu') },
  { path: 'management/systemMaintenance/job', resource: jobDef, ui: () => import('./ui/job') },
  { path: 'management/systemMaintenance/jobLog', resource: jobLogDef, ui: () => import('./ui/jobLog') },
  { path: 'management/systemMaintenance/apiToken', resource: apiTokenDef, ui: () => import('./ui/apiToken') },
  {
    path: 'management/log',
    resource: loginLogDef,
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
