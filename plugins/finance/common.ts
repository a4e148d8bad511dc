// What several finance areas declare alike: the head of their tables, the sidebar groups they
// share and their permission lists (one entry a permission, titled by its key, the list
// permission mandatory).
import { tableHead, type MenuNode, type PermissionDef } from '@core/shared';

/** 费用管理 (/expense): the bills, fees and FX screens. */
export const expenseGroup = (children: MenuNode[]): MenuNode => ({ key: 'expense', path: '/expense', titleKey: 'finance:menu.expense', icon: 'ReceiptLong', order: 400, children });

/** 报关银行业务中心 (/bankCenter): the bank's receivables and remittance review. */
export const bankCenterGroup = (children: MenuNode[]): MenuNode => ({ key: 'bankCenter', path: '/bankCenter', titleKey: 'finance:menu.bankCenter', icon: 'Payments', order: 420, children });

/** The permissions of these keys (all of codes' by default), titled `<prefix>.<key>`, on the menu menuOf names; `mandatory` is ticked with its menu. */
export function permissionsOf<K extends string>(codes: Record<K, string>, prefix: string, menuOf: (k: K) => string, mandatory: NoInfer<K>, keys = Object.keys(codes) as K[]): PermissionDef[] {
  return keys.map((k) => ({ code: codes[k], titleKey: `${prefix}.${k}`, menu: menuOf(k), mandatory: k === mandatory }));
}

/** The head of a finance table: its screen's menu and title, the field naming a row, newest first. */
export const financeTable = tableHead('finance');
