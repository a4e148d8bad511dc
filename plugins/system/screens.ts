// System screens on the generic resource page; each menu entry keeps its own title
// (`system:menu.*`: "部门管理" over the page's "部门").
import type { ScreenDef } from '@core/shared';
import { deptDef } from './resources/dept';
import { refCodeDef, refCodeTypeDef } from './resources/refCode';

export const screens: ScreenDef[] = [
  { path: 'management/userGroupManagement/department', resource: deptDef, menu: { parent: 'management.userGroup', order: 10, titleKey: 'system:menu.dept' } },
  { path: 'dataBase/systemData/refCodeType', resource: refCodeTypeDef, menu: { parent: 'dataBase.systemData', order: 10, titleKey: 'system:menu.refCodeType' } },
  { path: 'dataBase/systemData/refCode', resource: refCodeDef, menu: { parent: 'dataBase.systemData', order: 20, titleKey: 'system:menu.refCode' } },
];
